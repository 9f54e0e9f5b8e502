import { notifications } from '@mantine/notifications';
import type { ApiResult } from './api-client.ts';
import { i18n } from './i18n.ts';

export const TOAST_MS = 3000;

/** The close (×) button of a toast needs a name for screen readers. */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

export function toastError(message: string) {
  notifications.show({
    color: 'red',
    title: i18n.t('common.error'),
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function toastSuccess(message: string) {
  notifications.show({
    color: 'green',
    title: i18n.t('common.success'),
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function toastWarning(message: string) {
  notifications.show({
    color: 'yellow',
    title: i18n.t('common.warning'),
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** The server's message when it sent one, otherwise the screen's own text (SPEC.md section 8). */
export function toastFailure(result: ApiResult<unknown> | null, fallbackKey: string) {
  const serverMessage = result && !result.isSuccess ? result.payload?.message : undefined;
  toastError(serverMessage || i18n.t(fallbackKey));
}
