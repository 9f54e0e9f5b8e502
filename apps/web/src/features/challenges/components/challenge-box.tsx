import type { ActiveChallenge } from '@incentive/contracts';
import { Anchor, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { CHALLENGE_BOX_HEIGHTS } from '../../../first-load/sizes.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useActiveChallenges } from '../api/get-active-challenges.ts';
import { challengeBoxStrings } from '../lib/box-strings.ts';
import { formatImportDate, formatUnits, statusLine } from '../lib/challenge-text.ts';
import { challengeStrings } from '../lib/strings.ts';
import classes from './challenge-box.module.css';

registerStrings(challengeStrings);
registerStrings(challengeBoxStrings);

/**
 * The rep home's challenge box (issue 15 point 3): the first running challenge with what the rep
 * earned in it and its places, the way to the challenge page, and the date of the last sales import.
 * Its own lazy chunk, loaded after the home renders; it keeps the height the home reserved.
 */
export default function ChallengeBox() {
  const { t } = useTranslation();
  const { data, error, isPending } = useActiveChallenges();
  useErrorToast(error, 'challenge.listFailed');
  const first = data?.data[0];
  const importDate = data?.updated_at ? formatImportDate(data.updated_at) : null;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h={CHALLENGE_BOX_HEIGHTS}
      className={classes.box}
      component="section"
      aria-labelledby="challenge-box-title"
      data-testid="challenge-box"
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light" color="teal">
          <IconTrophy size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id="challenge-box-title">
            {t('challengeBox.title')}
          </Title>
          {/* Drawn before the data (a no-break space) so the heading does not move when the date arrives. */}
          <Text fz="xs" c="dimmed" lineClamp={1} data-testid="challenge-box-import-date">
            {!data
              ? '\u00a0'
              : importDate
                ? t('challengePh.importDate', { date: importDate })
                : t('challengePh.noImport')}
          </Text>
        </Stack>
      </Group>
      {isPending && !error && (
        <Center style={{ flex: 1 }}>
          <Loading size="sm" />
        </Center>
      )}
      {error && !data && (
        <Text fz="sm" c="dimmed">
          {t('challengeBox.failed')}
        </Text>
      )}
      {data && !first && (
        <Text fz="sm" c="dimmed" data-testid="challenge-box-empty">
          {t('challengeBox.empty')}
        </Text>
      )}
      {first && <Featured challenge={first} count={data.data.length} />}
    </Card>
  );
}

function Featured({ challenge, count }: { challenge: ActiveChallenge; count: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatMoney();
  const status = statusLine(challenge, i18n.language, new Date().getFullYear());
  const { warehouse, region } = challenge.rank;
  return (
    <div className={classes.body}>
      <div className={classes.info}>
        <Text fw={700} lineClamp={1} style={{ overflowWrap: 'anywhere' }} data-testid="challenge-box-name">
          {challenge.name}
        </Text>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {t(status.key, status.vars)}
        </Text>
        <Stack gap={0} mt={8} data-testid="challenge-box-rank">
          {warehouse || region ? (
            <>
              {warehouse && (
                <Text fz="sm" fw={600} lineClamp={1}>
                  {t('challengePh.placeWarehouse', {
                    place: formatUnits(warehouse.place, i18n.language),
                    of: formatUnits(warehouse.of, i18n.language),
                  })}
                </Text>
              )}
              {region && (
                <Text fz="sm" fw={600} lineClamp={1}>
                  {t('challengePh.placeRegion', {
                    place: formatUnits(region.place, i18n.language),
                    of: formatUnits(region.of, i18n.language),
                  })}
                </Text>
              )}
            </>
          ) : (
            <Text fz="sm" lineClamp={2}>
              {t('challengePh.noPlace')}
            </Text>
          )}
        </Stack>
      </div>
      <div className={classes.money}>
        <Text fz="xs" c="dimmed">
          {t('challengeBox.earned')}
        </Text>
        <div className={classes.amount} data-testid="challenge-box-earned">
          {money(challenge.money_get)}
        </div>
      </div>
      <div className={classes.actions}>
        <LinkButton to={paths.challengesPh({ id: challenge.id })}>
          {t('challengeBox.open')}
          <IconArrowRight size={18} aria-hidden />
        </LinkButton>
        {count > 1 && (
          <Anchor component={Link} to={paths.challengesPh()} className={classes.all}>
            {t('challengeBox.all', { count })}
          </Anchor>
        )}
      </div>
    </div>
  );
}
