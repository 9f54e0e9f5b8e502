import { ModalsProvider } from '@mantine/modals';

/** The host of the confirm dialogs that confirmDelete() opens through @mantine/modals. */
export function BackOfficeModals() {
  return <ModalsProvider />;
}
