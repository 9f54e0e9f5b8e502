import type { User } from '@incentive/contracts';
import { Anchor, Box, Grid, Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { WhenNearViewport } from '../../../components/when-near-viewport.tsx';
import { CAROUSEL_HEIGHT, CHALLENGE_BOX_HEIGHTS } from '../../../first-load/sizes.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { QuizBox } from './quiz-box.tsx';
import { WalletCard } from './wallet-card.tsx';

// Swiper's code and CSS come with the carousel's own chunk, when the carousel comes near the screen (decisions 024, 028).
const ArticleCarousel = lazy(() => import('../../articles/load-pages.ts').then((m) => m.loadArticleCarousel()));
// The challenge box the same way: its strings, query and layout come after the first render.
const ChallengeBox = lazy(() => import('../../challenges/load-pages.ts').then((m) => m.loadChallengeBox()));

/** The sales-rep home: wallet, quiz box, the challenge box and the article carousel (SPEC.md section 2, issue 15). */
export function RepHome({ me }: { me: User }) {
  const { t } = useTranslation();
  return (
    <Page title={t('home.greeting', { name: me.name })}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <WalletCard me={me} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <QuizBox me={me} />
        </Grid.Col>
        <Grid.Col span={12}>
          {/* The box's height is held too (first-load/sizes.ts). */}
          <Suspense fallback={<Box h={CHALLENGE_BOX_HEIGHTS} />}>
            <ChallengeBox />
          </Suspense>
        </Grid.Col>
        {/* Below the boxes whose height the shell holds (first-load/sizes.ts), so it moves nothing
            already painted when it shows (issue 30 point 2). */}
        {me.tax_data_missing && (
          <Grid.Col span={12}>
            <TaxReminder userId={me.id} />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          {/* Below a phone's first screen: its chunk, articles and images come when the rep scrolls near it.
              Its height is held before they arrive: nothing below moves. */}
          <WhenNearViewport height={CAROUSEL_HEIGHT} testId="article-carousel-pending">
            <Suspense fallback={<div style={{ height: CAROUSEL_HEIGHT }} />}>
              <ArticleCarousel />
            </Suspense>
          </WhenNearViewport>
        </Grid.Col>
      </Grid>
    </Page>
  );
}

/** The rep's tax data is not all on its profile: a short line and the way there. */
function TaxReminder({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="tax-reminder"
      style={{ borderColor: 'var(--mantine-color-orange-4)' }}
    >
      <Text fz="sm">
        {t('home.taxReminder')}{' '}
        <Anchor component={Link} to={paths.salesRepDetails(userId, { tab: 'tax' })} fz="sm" fw={600} underline="always">
          {t('home.taxReminderAction')}
        </Anchor>
      </Text>
    </Paper>
  );
}
