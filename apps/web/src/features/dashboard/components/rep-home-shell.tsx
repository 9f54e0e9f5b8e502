import { Box, Burger, Card, Container, Grid, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconWallet } from '@tabler/icons-react';
import { Logo } from '../../../components/logo.tsx';
import { Page } from '../../../components/page.tsx';
import { HOME_SHELL_ID } from '../../../lib/home-shell.ts';
import { LANG_KEY, useTranslation } from '../../../lib/i18n.ts';
import { GREETING_NAME, TOKEN } from '../../../lib/session.ts';
import { CAROUSEL_HEIGHT } from '../../articles/carousel-size.ts';

/*
 * The rep home's first paint, pre-rendered at build time into /dashboard's first-load page
 * (build/first-load-html.ts, decision 027): the header, the greeting and the wallet and quiz boxes
 * with their headings, a grey bar where each figure will be. It is not part of React's tree: it
 * covers the viewport (fixed) until the signed-in page commits (lib/home-shell.ts removes it in
 * that commit), so nothing under it moves and nothing flashes empty in between. Never bundled.
 */

/**
 * Runs right after the shell (an inline script: the server allows its hash), which stays hidden until then.
 * The shell stays only for a signed-in rep in Polish whose name is known from their last visit
 * (lib/session.ts keeps it for roles whose home is this page): it greets them as the page will. Anyone
 * else (another role, English, no token) gets the page as before, without a shell.
 */
export const HOME_SHELL_SCRIPT = `(function(){var s=document.getElementById(${JSON.stringify(HOME_SHELL_ID)});if(!s)return;try{var l=localStorage,n=l.getItem(${JSON.stringify(GREETING_NAME)}),g=s.querySelector('[data-greeting]');if(n&&g&&l.getItem(${JSON.stringify(TOKEN)})&&(l.getItem(${JSON.stringify(LANG_KEY)})||'pl')==='pl'){g.textContent=g.getAttribute('data-greeting').split('{{name}}').join(n);s.hidden=false;return}}catch(e){}s.remove()})()`;

/** A figure not known yet. */
function Bar({ w, h, light, round }: { w: number | string; h: number; light?: boolean; round?: boolean }) {
  return (
    <div
      style={{
        width: w,
        height: h,
        borderRadius: round ? '50%' : 4,
        background: light ? 'rgba(255, 255, 255, 0.25)' : 'var(--mantine-color-gray-2)',
      }}
    />
  );
}

/** A StatTile (stat-tile.tsx) with a bar for its value: the same box, so the page replaces it in place. */
function TileShell({ label, accent }: { label: string; accent?: boolean }) {
  return (
    <Paper p="md" radius="md" bg={accent ? 'blue.8' : 'gray.0'}>
      <Text fz="xs" tt="uppercase" fw={700} c={accent ? 'blue.0' : 'dimmed'}>
        {label}
      </Text>
      <Box mt={4} py={accent ? 7 : 4}>
        <Bar w={accent ? 160 : '70%'} h={accent ? 28 : 18} light={accent} />
      </Box>
    </Paper>
  );
}

export function RepHomeShell() {
  const { t } = useTranslation();
  return (
    <div
      id={HOME_SHELL_ID}
      // Shown by the script once the greeting is written: the browser may paint while it parses, and
      // a greeting painted empty first would neither be the page's largest paint nor stay in place.
      hidden
      aria-hidden="true"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        overflow: 'hidden',
        backgroundColor: 'var(--mantine-color-body)',
      }}
    >
      {/* The header of app/layout/app-layout.tsx (64 px, bottom border): logo, menu button, avatar. */}
      <header style={{ height: 64, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={false} size="sm" hiddenFrom="md" tabIndex={-1} />
              <Box visibleFrom="xs">
                <Logo />
              </Box>
              <Box hiddenFrom="xs">
                <Logo withName={false} />
              </Box>
            </Group>
            <Bar w={34} h={34} round />
          </Group>
        </Container>
      </header>
      <Page title={<span data-greeting={t('home.greeting', { name: '{{name}}' })} />}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder radius="md" padding="lg">
              <Group gap="sm" mb="md">
                <ThemeIcon size={36} radius="md" variant="light">
                  <IconWallet size={20} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {t('home.wallet')}
                </Title>
              </Group>
              <TileShell accent label={t('home.walletMoney')} />
              <SimpleGrid cols={2} spacing="sm" mt="sm">
                <TileShell label={t('home.earned')} />
                <TileShell label={t('home.withdrawn')} />
              </SimpleGrid>
              <Box mt="sm" py={2}>
                <Bar w={180} h={14} />
              </Box>
              <Box mt="md">
                <Bar w={110} h={36} />
              </Box>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="md" padding="lg" h="100%">
              <Group gap="sm" mb="sm">
                <ThemeIcon size={36} radius="md" variant="light" color="yellow">
                  <IconBulb size={20} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {t('home.quizBox')}
                </Title>
              </Group>
              <Text fz="sm" c="dimmed">
                {t('home.moneyToGet')}
              </Text>
              <Box py={7}>
                <Bar w={140} h={28} />
              </Box>
              <Box mt="md">
                <Bar w={150} h={36} />
              </Box>
            </Card>
          </Grid.Col>
          {/* The blocks that load after the first render (challenges, articles) keep their height. */}
          <Grid.Col span={12}>
            <div style={{ minHeight: CAROUSEL_HEIGHT }} />
          </Grid.Col>
        </Grid>
      </Page>
    </div>
  );
}
