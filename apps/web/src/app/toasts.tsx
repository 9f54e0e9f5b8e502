import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../lib/toast.ts';

/** The toast container, top right (loaded lazily by Providers). */
export function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_MS} />;
}
