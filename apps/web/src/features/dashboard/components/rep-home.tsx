import type { User } from '@incentive/contracts';
import { Grid } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Page } from '../../../components/page.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { CAROUSEL_HEIGHT } from '../../articles/carousel-size.ts';
import { QuizBox } from './quiz-box.tsx';
import { WalletCard } from './wallet-card.tsx';

// Swiper's code and CSS come with the carousel's own chunk, after the home has rendered (decision 024).
const ArticleCarousel = lazy(() =>
  import('../../articles/load-article-carousel.ts').then((m) => m.loadArticleCarousel()),
);

/** The sales-rep home: wallet, quiz box and the article carousel (SPEC.md section 2). */
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
          {/* The carousel's height is held before its chunk and articles arrive: nothing below moves. */}
          <Suspense fallback={<div style={{ height: CAROUSEL_HEIGHT }} />}>
            <ArticleCarousel />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
