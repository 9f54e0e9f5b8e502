import { modals } from '@mantine/modals';

/*
 * @mantine/modals opens a dialog by a window event that its ModalsProvider listens to. The
 * provider is a lazy chunk (BackOfficeModals), so on a slow phone or network a page can be on
 * screen, and a delete clicked, before it listens: the event would be lost and the click do
 * nothing. Dialogs asked for before the host is listening wait here and open as it mounts.
 */

type ConfirmSettings = Parameters<typeof modals.openConfirmModal>[0];

/**
 * A dialog asked for longer ago than this is dropped, not opened: the user has moved on (or signed
 * out, and the next session's host must not open the last one's delete).
 */
const WAIT_AT_MOST_MS = 10_000;

let listening = false;
let waiting: { settings: ConfirmSettings; at: number }[] = [];

/** Opens a confirm dialog now, or as soon as the modals host listens. */
export function openConfirm(settings: ConfirmSettings) {
  if (listening) modals.openConfirmModal(settings);
  else waiting.push({ settings, at: Date.now() });
}

/** Called by the host once its provider listens (its effect runs after the provider's), and on unmount. */
export function setModalsHostListening(on: boolean) {
  listening = on;
  const queued = waiting;
  waiting = [];
  if (!on) return;
  for (const { settings, at } of queued) {
    if (Date.now() - at <= WAIT_AT_MOST_MS) modals.openConfirmModal(settings);
  }
}
