import { Box, Card, Grid, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconWallet } from '@tabler/icons-react';
import { Page } from '../components/page.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { ShellBar, ShellLayer, shellScript } from './page-shell.tsx';
import { HOME_SHELL } from './shell-slots.ts';
import { CAROUSEL_HEIGHT } from './sizes.ts';

/*
 * The rep home's first paint, pre-rendered at build time into /dashboard's first-load page
 * (first-load/first-load-html.ts, decision 027): the header, the greeting and the wallet and quiz boxes
 * with their headings, a grey bar where each figure will be, which the early GET /api/me replaces
 * with the figure (decision 054). It is not part of React's tree: it
 * covers the viewport (fixed) until the signed-in page commits (first-load/home-shell.ts removes it in
 * that commit), so nothing under it moves and nothing flashes empty in between. Never bundled.
 */

/** Runs right after the shell: greets the rep by the name kept from the last visit (first-load/page-shell.tsx). */
export const HOME_SHELL_SCRIPT = shellScript(true);

/** A figure's bar, in the line of the text that replaces it: the line keeps its height when it is filled. */
function FigureBar({ w, h, light }: { w: number | string; h: number; light?: boolean }) {
  return (
    <span
      style={{
        display: 'inline-block',
        verticalAlign: 'middle',
        width: w,
        height: h,
        borderRadius: 4,
        background: light ? 'rgba(255, 255, 255, 0.25)' : 'var(--mantine-color-gray-2)',
      }}
    />
  );
}

/**
 * A StatTile (features/dashboard/components/stat-tile.tsx) whose value is a bar until the early
 * GET /api/me writes the figure in its place (first-load-html.ts `SHELL_FILL.home`): the same box
 * and the same text as the page's, so the page replaces it in place.
 */
function TileShell({ label, accent, figure }: { label: string; accent?: boolean; figure: string }) {
  return (
    <Paper p="md" radius="md" bg={accent ? 'blue.8' : 'gray.0'} c={accent ? 'white' : undefined}>
      <Text fz="xs" tt="uppercase" fw={700} c={accent ? 'blue.0' : 'dimmed'}>
        {label}
      </Text>
      <Text
        fz={accent ? 28 : { base: 17, xs: 20 }}
        fw={800}
        mt={4}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        {...{ [figure]: '' }}
      >
        <FigureBar w={accent ? 160 : '70%'} h={accent ? 28 : 18} light={accent} />
      </Text>
    </Paper>
  );
}

export function RepHomeShell() {
  const { t } = useTranslation();
  return (
    <ShellLayer>
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
              <TileShell accent label={t('home.walletMoney')} figure={HOME_SHELL.money} />
              <SimpleGrid cols={2} spacing="sm" mt="sm">
                <TileShell label={t('home.earned')} figure={HOME_SHELL.earned} />
                <TileShell label={t('home.withdrawn')} figure={HOME_SHELL.withdrawn} />
              </SimpleGrid>
              <Box mt="sm" py={2}>
                <ShellBar w={180} h={14} />
              </Box>
              <Box mt="md">
                <ShellBar w={110} h={36} />
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
              {/* As the quiz box (features/dashboard/components/quiz-box.tsx) writes money_to_get. */}
              <Text fz={28} fw={800} style={{ fontVariantNumeric: 'tabular-nums' }} {...{ [HOME_SHELL.toGet]: '' }}>
                <FigureBar w={140} h={28} />
              </Text>
              <Box mt="md">
                <ShellBar w={150} h={36} />
              </Box>
            </Card>
          </Grid.Col>
          {/* The blocks that load after the first render (challenges, articles) keep their height. */}
          <Grid.Col span={12}>
            <div style={{ minHeight: CAROUSEL_HEIGHT }} />
          </Grid.Col>
        </Grid>
      </Page>
    </ShellLayer>
  );
}
