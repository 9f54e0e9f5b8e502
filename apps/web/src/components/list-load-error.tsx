import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';

interface ListLoadErrorProps {
  /** Asks for the list again. */
  onRetry: () => void;
  retrying: boolean;
  /** Names the list in tests (withdrawals, history). */
  testId: string;
  minHeight?: number;
}

/**
 * In place of a money list whose load failed (SPEC.md section 8, 'Nie udało się pobrać listy
 * wypłat'): the message and a retry, never an empty list or a total of 0, which would tell a rep
 * or an admin that there is no money where there may be some (issue 27 point 8).
 */
export function ListLoadError({ onRetry, retrying, testId, minHeight }: ListLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" gap="xs" py="lg" ta="center" mih={minHeight} data-testid={testId}>
      <Text fw={700} role="alert">
        {t('withdrawals.toast.errorList')}
      </Text>
      <Button variant="light" size="sm" loading={retrying} onClick={onRetry}>
        {t('withdrawals.toast.retry')}
      </Button>
    </Stack>
  );
}
