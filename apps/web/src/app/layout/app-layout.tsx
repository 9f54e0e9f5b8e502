import { AppShell, Box, Burger, Center, Container, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { homePath } from '../../lib/paths.ts';
import { Footer } from './footer.tsx';
import { MainMenu } from './main-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/** Header (logo, menu, user menu), the page, and the footer. On phones the menu lives in a drawer. */
export function AppLayout() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
      // Header and drawer are fixed; main and footer stack so the footer meets the bottom of short pages.
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}
    >
      <AppShell.Header>
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
            <UserMenu me={me} />
          </Group>
        </Container>
      </AppShell.Header>
      {/* Closed, the drawer only slides off screen: `inert` keeps its links out of the tab order and the a11y tree. */}
      <AppShell.Navbar p="md" hiddenFrom="md" inert={!opened} aria-label={t('menu.mainNavigation')}>
        <MainMenu me={me} vertical onNavigate={close} />
      </AppShell.Navbar>
      {/* The page is the <main> landmark; the footer follows it as its own landmark. */}
      <AppShell.Main style={{ flex: 1, minHeight: 0 }}>
        <Box>
          {/* Back-office pages are lazy chunks: a loader shows inside the shell while one arrives. */}
          <Suspense
            fallback={
              <Center py={80}>
                <Loader aria-label={t('common.loading')} />
              </Center>
            }
          >
            <Outlet context={{ me }} />
          </Suspense>
        </Box>
      </AppShell.Main>
      <Footer />
    </AppShell>
  );
}
