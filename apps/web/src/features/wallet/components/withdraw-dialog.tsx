import type { User } from '@incentive/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';
import { requestWithdrawal } from '../api/request-withdrawal.ts';

/** "All your money will be withdrawn": confirms, withdraws, reloads the user and closes. */
export function WithdrawDialog({ me, opened, onClose }: { me: User; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const noCard = me.card === null;

  const confirm = async () => {
    setBusy(true);
    const res = await requestWithdrawal(Number(me.wallet.money));
    setBusy(false);
    if (res.isSuccess) {
      toastSuccess(t('wallet.withdrawalRequested'));
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      onClose();
    } else {
      toastFailure(res, 'salesRep.toast.errorWithdraw');
      // A stale balance: show the current one behind the dialog.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  };

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
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={busy} disabled={noCard}>
            {t('withdraw.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
