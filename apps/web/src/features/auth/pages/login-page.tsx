import { type LoginBody, loginBodySchema } from '@incentive/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { failureOf } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { saveToken } from '../../../lib/session.ts';
import { toastError, toastFailure } from '../../../lib/toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useLogin } from '../api/login.ts';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog.tsx';
import { useSignOut } from '../use-sign-out.ts';

/** `/`: the sign-in page. Visiting it signs the current user out (SPEC.md section 2). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const login = useLogin();
  const [forgotOpened, forgot] = useDisclosure(false);
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginBodySchema),
  });

  useEffect(() => {
    void signOut();
  }, [signOut]);

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (res) => {
        saveToken(res.token, res.token_type);
        navigate(paths.dashboard());
      },
      onError: (err) => {
        const failure = failureOf(err);
        if (failure?.status === 401) toastError(t('login.toast.errorLogin'));
        else toastFailure(failure, 'login.toast.errorLogin');
      },
    }),
  );

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('login.email')}
            placeholder={t('login.emailPlaceholder')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
            label={t('login.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component="button" type="button" fz="sm" onClick={forgot.open}>
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} size="md" fullWidth mt="xs">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <ForgotPasswordDialog opened={forgotOpened} onClose={forgot.close} email={form.values.email} />
    </AuthCard>
  );
}
