import { Modal } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

/** 'Nie pamiętasz hasła?' of the sign-in page; the form starts afresh, from the typed e-mail, at each opening. */
export function ForgotPasswordDialog({
  opened,
  onClose,
  email,
}: {
  opened: boolean;
  onClose: () => void;
  /** What the sign-in form holds, to save typing it again. */
  email: string;
}) {
  const { t } = useTranslation();
  // The signed-out pages carry no query client (decision 013): this lazy dialog brings its own for its write.
  const [queryClient] = useState(() => new QueryClient());
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('forgotPassword.title')}
      size={500}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <QueryClientProvider client={queryClient}>
        <ForgotPasswordForm email={email} onClose={onClose} />
      </QueryClientProvider>
    </Modal>
  );
}
