import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for a reason (at least 3 characters) before a failing or correcting action. */
export function ReasonDialog({
  opened,
  title,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = reason.trim().length >= 3;
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
          <Button
            color="red"
            disabled={!valid}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm(reason.trim());
              setBusy(false);
              setReason('');
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
