import type { User } from '@incentive/contracts';
import { Grid } from '@mantine/core';
import { Page } from '../../../components/page.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { QuizBox } from './quiz-box.tsx';
import { WalletCard } from './wallet-card.tsx';

/** The sales-rep home: wallet and quiz box (SPEC.md section 2). */
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
      </Grid>
    </Page>
  );
}
