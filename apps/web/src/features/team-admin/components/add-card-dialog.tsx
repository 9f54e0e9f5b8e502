import { CARD_NUMBER_LENGTH } from '@incentive/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess, toastWarning } from '../../../lib/toast.ts';
import { useAddCard } from '../api/add-card.ts';

/** The add-card dialog: the number (exactly 16 digits, else a warning toast), save and cancel. */
export function AddCardDialog({ userId, opened, onClose }: { userId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const addCard = useAddCard();

  const close = () => {
    setNumber('');
    onClose();
  };
  const save = () => {
    const digits = number.replace(/\s+/g, '');
    if (!new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`).test(digits)) return toastWarning(t('card.toast.invalidNumber'));
    addCard.mutate(
      { user_id: userId, number: digits },
      {
        onSuccess: () => {
          toastSuccess(t('card.toast.successAdd'));
          close();
        },
        onError: (err) => toastFailure(failureOf(err), 'card.toast.errorAdd'),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('card.dialogTitle')}
      size={500}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
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
            <Button type="submit" loading={addCard.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
