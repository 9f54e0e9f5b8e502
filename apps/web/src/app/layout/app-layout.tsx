import { Box, Burger, Center, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Loading } from '../../components/loading.tsx';
import { Logo } from '../../components/logo.tsx';
import { BackOfficeModals } from '../../features/team-admin/index.ts';
import { removeHomeShell } from '../../first-load/home-shell.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { homePath } from '../../lib/paths.ts';
import classes from './app-layout.module.css';
import { Footer } from './footer.tsx';
import { MainMenu } from './main-menu.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

// The dropdown (Mantine Menu with its floating positioning, 30 kB) is a chunk of its own, fetched
// when the user reaches for the button: nothing of it runs during or after the first load.
const loadUserMenu = () => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu }));
const UserMenu = lazy(loadUserMenu);

/** Takes the rep home's pre-rendered shell away in the commit that shows the page (decision 027). */
function HomeShellGone() {
  useLayoutEffect(removeHomeShell, []);
  return null;
}

/**
 * Header (logo, menu, user menu), the page, and the footer. On phones the menu lives in a drawer.
 * Plain elements with a few lines of CSS rather than Mantine's AppShell: the same layout without
 * 10 kB gzip (AppShell and its scroll-lock dependency) on every signed-in page's first load.
 */
export function AppLayout() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    // The header sticks to the top; main and footer stack so the footer meets the bottom of short pages.
    <div className={classes.shell}>
      <header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('menu.openMenu')} />
              <Link to={homePath(me)} aria-label={t('app.name')} style={{ textDecoration: 'none' }}>
                <Box visibleFrom="xs">
                  <Logo />
                </Box>
                <Box hiddenFrom="xs">
                  <Logo withName={false} />
                </Box>
              </Link>
            </Group>
            <Box visibleFrom="md" style={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
              <MainMenu me={me} />
            </Box>
            {/* Until the dropdown's code is here the same button stands in: pointing at it or focusing it
                starts the download, and a click opens the menu as soon as the code has arrived. */}
            {menuWanted ? (
              <Suspense fallback={<UserMenuButton user={me} aria-busy />}>
                <UserMenu me={me} defaultOpened />
              </Suspense>
            ) : (
              <UserMenuButton
                user={me}
                onPointerEnter={loadUserMenu}
                onFocus={loadUserMenu}
                onClick={() => setMenuWanted(true)}
              />
            )}
          </Group>
        </Container>
      </header>
      {/* Closed, the drawer only slides off screen: `inert` keeps its links out of the tab order and the a11y tree. */}
      <Box
        component="nav"
        className={classes.drawer}
        data-opened={opened || undefined}
        hiddenFrom="md"
        inert={!opened}
        aria-label={t('menu.mainNavigation')}
      >
        <MainMenu me={me} vertical onNavigate={close} />
      </Box>
      {/* The page is the <main> landmark; the footer follows it as its own landmark. */}
      <main className={classes.main}>
        <Box>
          {/* Back-office pages are lazy chunks: a loader shows inside the shell while one arrives. */}
          <Suspense
            fallback={
              <Center py={80}>
                <Loading />
              </Center>
            }
          >
            <Outlet context={{ me }} />
            {/* The rep home's pre-rendered shell goes in the commit that shows the page. */}
            <HomeShellGone />
          </Suspense>
        </Box>
      </main>
      <Footer />
      {me.role !== 'seller' && (
        <Suspense fallback={null}>
          <BackOfficeModals />
        </Suspense>
      )}
    </div>
  );
}
