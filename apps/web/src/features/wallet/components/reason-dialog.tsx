import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** Asks for a reason (at least 3 characters) before a failing or correcting action; the caller runs it. */
export function ReasonDialog({
  opened,
  title,
  confirmLabel,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  /** The write it confirms is under way. */
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const valid = reason.trim().length >= 3;
  // A closed dialog forgets its text; a failed action leaves it for another try.
  useEffect(() => {
    if (!opened) setReason('');
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={500}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Textarea
          label={t('withdrawals.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          minRows={2}
          maxLength={500}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="red" disabled={!valid} loading={busy} onClick={() => onConfirm(reason.trim())}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
