import { Text } from '@mantine/core';
import { failureOf } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { openConfirm } from './open-confirm.ts';

/** A delete confirmation dialog (500 px wide): confirm runs `onConfirm`, cancel closes it. Waits for the modals host if it is still loading. */
export function confirmDelete({ title, text, onConfirm }: { title: string; text: string; onConfirm: () => void }) {
  openConfirm({
    title,
    size: 500,
    centered: true,
    // The × needs a name for screen readers (axe button-name).
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    children: <Text fz="sm">{text}</Text>,
    labels: { confirm: i18n.t('common.delete'), cancel: i18n.t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/**
 * A row's delete: the confirmation, then `remove.mutate(id)`; success toasts `success(response)`, a
 * failure the server's message or `errorKey`.
 */
export function confirmDeleteRow<R>({
  title,
  text,
  remove,
  id,
  success,
  errorKey,
}: {
  title: string;
  text: string;
  remove: { mutate: (id: number, handlers: { onSuccess: (res: R) => void; onError: (err: unknown) => void }) => void };
  id: number;
  success: (res: R) => string;
  errorKey: Parameters<typeof toastFailure>[1];
}) {
  confirmDelete({
    title,
    text,
    onConfirm: () =>
      remove.mutate(id, {
        onSuccess: (res) => toastSuccess(success(res)),
        onError: (err) => toastFailure(failureOf(err), errorKey),
      }),
  });
}
