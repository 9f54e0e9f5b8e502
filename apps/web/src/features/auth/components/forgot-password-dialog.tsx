import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('forgotPassword.title')}
      size={500}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <ForgotPasswordForm email={email} onClose={onClose} />
    </Modal>
  );
}
