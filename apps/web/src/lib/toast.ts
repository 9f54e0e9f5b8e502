import { notifications } from '@mantine/notifications';
import type { ApiResult } from './api-client.ts';
import type { TKey } from './i18n.ts';
import { i18n } from './i18n.ts';

export const TOAST_MS = 3000;

const wantedListeners = new Set<() => void>();
let wanted = false;

/**
 * Runs `listener` when the first toast is shown: the toast container is not part of the first
 * load (app/providers.tsx mounts it then), and a toast shown before it
 * mounts waits in @mantine/notifications' store.
 */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  else wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** Any toast (the others below are its three kinds): mounts the container first. */
export function showToast(options: Parameters<typeof notifications.show>[0]) {
  wanted = true;
  for (const listener of wantedListeners) listener();
  wantedListeners.clear();
  notifications.show(options);
}

/** The close (×) button of a toast needs a name for screen readers. */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

export function toastError(message: string) {
  showToast({
    color: 'red',
    title: i18n.t('common.error'),
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function toastSuccess(message: string) {
  showToast({
    color: 'green',
    title: i18n.t('common.success'),
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function toastWarning(message: string) {
  showToast({
    color: 'yellow',
    title: i18n.t('common.warning'),
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** The server's message when it sent one, otherwise the screen's own text (SPEC.md section 8). */
export function toastFailure(result: ApiResult<unknown> | null, fallbackKey: TKey) {
  const serverMessage = result && !result.isSuccess ? result.payload?.message : undefined;
  toastError(serverMessage || i18n.t(fallbackKey));
}
