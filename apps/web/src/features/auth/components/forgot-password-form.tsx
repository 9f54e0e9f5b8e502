import { type ForgotPasswordBody, forgotPasswordBodySchema } from '@incentive/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/**
 * The e-mail to send a set-password link to, then the server's answer as it is: it reads the same
 * whether the address has an account or not.
 */
export function ForgotPasswordForm({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordBody>({
    initialValues: { email: email.trim() },
    validate: zodValidate(forgotPasswordBodySchema),
  });

  const submit = form.onSubmit((values) =>
    reset.mutate(values, { onError: (err) => toastFailure(failureOf(err), 'forgotPassword.toast.error') }),
  );

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert
          color="green"
          title={t('forgotPassword.sentTitle')}
          role="status"
          // Mantine's green title is too pale on its light background (WCAG AA contrast): body text colour.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {reset.data.message}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fz="sm">{t('forgotPassword.intro')}</Text>
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={reset.isPending}>
            {t('forgotPassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
