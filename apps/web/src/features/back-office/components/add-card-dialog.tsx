import { CARD_NUMBER_LENGTH } from '@incentive/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure, toastSuccess, toastWarning } from '../../../lib/toast.ts';
import { addCard } from '../api/add-card.ts';
import { QK } from '../api/paths.ts';

/** The add-card dialog: the number (exactly 16 digits, else a warning toast), save and cancel. */
export function AddCardDialog({ userId, opened, onClose }: { userId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setNumber('');
    onClose();
  };
  const save = async () => {
    const digits = number.replace(/\s+/g, '');
    if (!new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`).test(digits)) return toastWarning(t('card.toast.invalidNumber'));
    setBusy(true);
    const res = await addCard({ user_id: userId, number: digits });
    setBusy(false);
    if (!res.isSuccess) return toastFailure(res, 'card.toast.errorAdd');
    toastSuccess(t('card.toast.successAdd'));
    await queryClient.invalidateQueries({ queryKey: QK.cards });
    await queryClient.invalidateQueries({ queryKey: QK.users });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('card.dialogTitle')} size={500} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('card.number')}
            description={t('card.numberHint')}
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            maxLength={CARD_NUMBER_LENGTH + 3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
