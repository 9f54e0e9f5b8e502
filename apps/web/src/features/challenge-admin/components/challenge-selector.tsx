import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useChallenge } from '../api/get-challenge.ts';
import { useChallengeOptions } from '../api/get-challenges.ts';
import { formatDay } from '../lib/days.ts';
import { ChallengeProductsTable } from './challenge-products-table.tsx';
import { ChallengeStatusBadge } from './challenge-status-badge.tsx';

/**
 * SPEC.md sections 2, 5, 9: a searchable selector of up to 1000 challenges; 'Pokaż produkty' with
 * nothing chosen is an error toast, with one chosen loads its products. A row of the table above
 * chooses and shows at once (`opened`).
 */
export function ChallengeSelector({ opened }: { opened: { id: number; at: number } | null }) {
  const { t } = useTranslation();
  const options = useChallengeOptions();
  useErrorToast(options.error, 'challenge.listFailed');
  const [chosen, setChosen] = useState<string | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const details = useChallenge(shown);
  useErrorToast(details.error, 'challenge.productsFailed');

  // A row clicked in the table: choose it and show its products.
  useEffect(() => {
    if (!opened) return;
    setChosen(String(opened.id));
    setShown(opened.id);
  }, [opened]);

  const show = () => {
    if (!chosen) {
      toastError(t('challenge.notSelected'));
      return;
    }
    setShown(Number(chosen));
  };

  const data = (options.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${formatDay(c.start_at)} – ${formatDay(c.end_at)})`,
  }));
  const challenge = details.data;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} id="challenge-products">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('challengeAdmin.selector.title')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('challengeAdmin.selector.label')}
            placeholder={t('challengeAdmin.selector.placeholder')}
            nothingFoundMessage={options.isFetching ? t('common.loading') : t('challengeAdmin.selector.none')}
            data={data}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            limit={100}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', sm: 460 }}
            data-testid="challenge-select"
          />
          <Button onClick={show} leftSection={<IconListDetails size={16} aria-hidden />} loading={details.isFetching}>
            {t('challengeAdmin.selector.show')}
          </Button>
        </Group>
        {shown !== null && challenge && challenge.id === shown && (
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Text fw={700}>{challenge.name}</Text>
              <ChallengeStatusBadge status={challenge.status} />
              <Text fz="sm" c="dimmed">
                {formatDay(challenge.start_at)} – {formatDay(challenge.end_at)}
              </Text>
            </Group>
            {challenge.intro && (
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {challenge.intro}
              </Text>
            )}
            <ChallengeProductsTable
              products={challenge.products}
              label={t('challengeAdmin.products.title', { name: challenge.name })}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
