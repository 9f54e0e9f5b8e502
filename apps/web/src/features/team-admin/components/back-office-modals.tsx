import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { setModalsHostListening } from '../../../components/admin/open-confirm.ts';

/** The host of the confirm dialogs that openConfirm() opens through @mantine/modals. */
export function BackOfficeModals() {
  // The provider's own listener effect runs first (a child's effects run before its parent's).
  useEffect(() => {
    setModalsHostListening(true);
    return () => setModalsHostListening(false);
  }, []);
  return <ModalsProvider />;
}
