import type { ActiveChallenge } from '@incentive/contracts';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { LinkButton } from '../../../components/link-button.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { COVER_SIZES } from '../../../lib/video-source.ts';
import { formatDay, formatImportDate, formatUnits, statusLine } from '../lib/challenge-text.ts';
import { ChallengeProductCard } from './challenge-product-card.tsx';
import classes from './challenge-view.module.css';

// Dark shades: the status is text on white and must keep its contrast (WCAG AA).
const STATUS_COLOR = { running: 'teal.9', ended: 'gray.7', upcoming: 'blue.9' } as const;

/**
 * One challenge as the rep reads it (SPEC.md section 2, Challenge list (rep)): the intro with its
 * image and dates, the numbered products, and the summary of what the rep earned, its places in the
 * rankings (decision 026) and the date of the last sales import, with the way to the quizzes.
 */
export function ChallengeView({
  challenge,
  updatedAt,
  priority,
}: {
  challenge: ActiveChallenge;
  updatedAt: string | null;
  priority: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const thisYear = new Date().getFullYear();
  const status = statusLine(challenge, lang, thisYear);
  const headingId = `challenge-${challenge.id}-name`;
  return (
    <Stack gap="xl" component="section" aria-labelledby={headingId} data-testid="challenge-view">
      <div className={classes.intro}>
        {challenge.image && (
          <div className={classes.cover}>
            <ResponsiveImage
              image={challenge.image}
              sizes={COVER_SIZES}
              alt=""
              priority={priority}
              // Whole, never cut at the edges (issue 27): a challenge's image is often a product's packshot.
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </div>
        )}
        <Stack gap="sm">
          <Title order={2} fz={{ base: 20, sm: 24 }} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {challenge.name}
          </Title>
          <div>
            <Text fw={700} c={STATUS_COLOR[challenge.status]} data-testid="challenge-status">
              {t(status.key, status.vars)}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="challenge-dates">
              {t('challengePh.dates', {
                from: formatDay(challenge.start_at, lang, thisYear),
                to: formatDay(challenge.end_at, lang, thisYear),
              })}
            </Text>
          </div>
          {challenge.intro && <Text className={classes.text}>{challenge.intro}</Text>}
        </Stack>
      </div>

      <Stack gap="md">
        <Title order={3} fz="lg">
          {t('challengePh.products')}
        </Title>
        <ol className={classes.products}>
          {challenge.products.map((p, i) => (
            <li key={p.id}>
              <ChallengeProductCard product={p} n={i + 1} priority={priority && i === 0 && !challenge.image} />
            </li>
          ))}
        </ol>
      </Stack>

      <ChallengeSummary challenge={challenge} updatedAt={updatedAt} />
    </Stack>
  );
}

/** What the rep earned in the challenge, its places, the date of the data, and the button to the quizzes. */
function ChallengeSummary({ challenge, updatedAt }: { challenge: ActiveChallenge; updatedAt: string | null }) {
  const { t, i18n } = useTranslation();
  const money = useFormatMoney();
  const { warehouse, region } = challenge.rank;
  const importDate = updatedAt ? formatImportDate(updatedAt) : null;
  return (
    <Card withBorder radius="md" padding="lg" className={classes.summary} data-testid="challenge-summary">
      <Stack gap="sm">
        <Title order={3} fz={{ base: 18, sm: 20 }} style={{ overflowWrap: 'anywhere' }} data-testid="challenge-earned">
          {t('challengePh.earned', { name: challenge.name, money: money(challenge.money_get) })}
        </Title>
        {challenge.units > 0 && (
          <Text fz="sm">{t('challengePh.units', { units: formatUnits(challenge.units, i18n.language) })}</Text>
        )}
        <Stack gap={2} data-testid="challenge-rank">
          {warehouse || region ? (
            <>
              {warehouse && (
                <Text fw={600}>
                  {t('challengePh.placeWarehouse', {
                    place: formatUnits(warehouse.place, i18n.language),
                    of: formatUnits(warehouse.of, i18n.language),
                  })}
                </Text>
              )}
              {region && (
                <Text fw={600}>
                  {t('challengePh.placeRegion', {
                    place: formatUnits(region.place, i18n.language),
                    of: formatUnits(region.of, i18n.language),
                  })}
                </Text>
              )}
            </>
          ) : (
            <Text>{t('challengePh.noPlace')}</Text>
          )}
        </Stack>
        <Text fz="xs" c="dimmed" data-testid="challenge-import-date">
          {importDate ? t('challengePh.importDate', { date: importDate }) : t('challengePh.noImport')}
        </Text>
        <Group mt="xs">
          <LinkButton to={paths.quizPh()}>
            {t('challengePh.quizzes')}
            <IconArrowRight size={18} aria-hidden />
          </LinkButton>
        </Group>
      </Stack>
    </Card>
  );
}
