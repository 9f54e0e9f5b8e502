import { type SetPasswordBody, setPasswordBodySchema } from '@incentive/contracts';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useSetPassword } from '../api/set-password.ts';

type FormValues = Omit<SetPasswordBody, 'rules'> & { rules: boolean };

/** `/register?token=…&email=…`: sets the password from the e-mailed link. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const setPassword = useSetPassword();
  const form = useForm<FormValues>({
    initialValues: { password: '', password_confirmation: '', rules: false, token, email },
    validate: zodValidate(setPasswordBodySchema),
  });

  if (!token || !email) {
    return (
      <AuthCard title={t('register.title')}>
        <Stack>
          <Alert color="red">{t('register.missingLink')}</Alert>
          <Anchor component={Link} to={paths.login()}>
            {t('register.toLogin')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) =>
    setPassword.mutate(
      { ...values, rules: true },
      {
        onSuccess: () => {
          toastSuccess(t('setPassword.toast.success'));
          navigate(paths.login());
        },
        onError: (err) => toastFailure(failureOf(err), 'setPassword.toast.error'),
      },
    ),
  );

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle', { email })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
            label={t('register.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
            label={t('register.passwordConfirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Checkbox
            {...form.getInputProps('rules', { type: 'checkbox' })}
            label={
              <Text span fz="sm">
                {t('register.rulesPrefix')}{' '}
                <Anchor
                  href={paths.rules()}
                  target="_blank"
                  rel="noopener"
                  // Opening the rules unticks the box: the user confirms after reading them.
                  onClick={() => form.setFieldValue('rules', false)}
                >
                  {t('register.rulesLink')}
                </Anchor>
              </Text>
            }
          />
          <Button type="submit" loading={setPassword.isPending} size="md" fullWidth mt="xs">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
