import type { User } from '@incentive/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';

/** "All your money will be withdrawn": confirms, withdraws, reloads the user and closes. */
export function WithdrawDialog({ me, opened, onClose }: { me: User; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const withdraw = useRequestWithdrawal();
  const money = useFormatMoney();
  const noCard = me.card === null;

  const confirm = () =>
    withdraw.mutate(Number(me.wallet.money), {
      onSuccess: () => {
        toastSuccess(t('wallet.withdrawalRequested'));
        onClose();
      },
      onError: (err) => toastFailure(failureOf(err), 'salesRep.toast.errorWithdraw'),
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('withdraw.title')}
      size={500}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text>{t('withdraw.allMoney', { amount: money(me.wallet.money) })}</Text>
        {me.card ? (
          <Text fz="sm" c="dimmed">
            {t('withdraw.toCard', { card: me.card.number.slice(-4) })}
          </Text>
        ) : (
          <Alert color="yellow">{t('wallet.noCard')}</Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={withdraw.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={withdraw.isPending} disabled={noCard}>
            {t('withdraw.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
