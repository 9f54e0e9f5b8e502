import { Button, Center, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useActiveChallenge, useActiveChallenges } from '../api/get-active-challenges.ts';
import { ChallengeView } from '../components/challenge-view.tsx';
import { holds, orderChallenges } from '../lib/challenge-text.ts';
import { challengeStrings } from '../lib/strings.ts';
import classes from './challenge-list-page.module.css';

registerStrings(challengeStrings);

/**
 * `/challenges-ph`: the rep's challenges (SPEC.md section 2, Challenge list (rep); decision 026),
 * running ones first, a row of choices when there are several; `?id=` names the one shown (first), and
 * one the list does not hold is fetched on its own (GET /api/challenges/active/{id}).
 */
export function ChallengeListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wantedId = parseId(params.get('id'));
  // The challenge the address named on arrival goes first; choosing another tab does not reorder them.
  const [firstId] = useState(wantedId);
  const list = useActiveChallenges();
  const missing = list.data !== undefined && !holds(list.data.data, wantedId);
  const one = useActiveChallenge(missing ? wantedId : null);
  useErrorToast(list.error, 'challenge.listFailed');
  useErrorToast(one.error, 'challenge.notFound');

  // `missing` implies an id, so the single fetch is enabled while it holds.
  const waiting = (list.isPending && !list.error) || (missing && one.isPending);
  const challenges = list.data ? orderChallenges(list.data.data, firstId, one.data) : [];
  const selected = challenges.find((c) => c.id === wantedId) ?? challenges[0];

  return (
    <Page title={t('challengePh.title')} subtitle={t('challengePh.description')}>
      {waiting && (
        <Center py="xl">
          <Loading />
        </Center>
      )}
      {list.error && !list.data && (
        <Stack align="center" gap="xs" py="xl" ta="center" data-testid="challenges-failed">
          <Text fw={700}>{t('challengePh.failedTitle')}</Text>
          <Text c="dimmed" fz="sm" maw={420}>
            {t('challengePh.failedText')}
          </Text>
          <Button
            mt="sm"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
          >
            {t('challengePh.retry')}
          </Button>
        </Stack>
      )}
      {list.data && !waiting && challenges.length === 0 && (
        <Stack align="center" gap="xs" py="xl" ta="center" data-testid="challenges-empty">
          <Text fw={700}>{t('challengePh.emptyTitle')}</Text>
          <Text c="dimmed" fz="sm" maw={420}>
            {t('challengePh.emptyText')}
          </Text>
          <Stack mt="sm" align="center">
            <LinkButton to={paths.quizPh()}>{t('challengePh.quizzes')}</LinkButton>
          </Stack>
        </Stack>
      )}
      {selected && challenges.length === 1 && (
        <ChallengeView challenge={selected} updatedAt={list.data?.updated_at ?? null} priority />
      )}
      {selected && challenges.length > 1 && (
        <>
          {/* Links, not Mantine's Tabs: the page stays inside a phone's budget, and each choice has its address. */}
          <nav aria-label={t('challengePh.choose')} className={classes.choices}>
            {challenges.map((c) => (
              <Link
                key={c.id}
                to={paths.challengesPh({ id: c.id })}
                replace
                aria-current={c.id === selected.id ? 'true' : undefined}
                className={classes.choice}
              >
                {c.name}
              </Link>
            ))}
          </nav>
          <ChallengeView key={selected.id} challenge={selected} updatedAt={list.data?.updated_at ?? null} priority />
        </>
      )}
    </Page>
  );
}
