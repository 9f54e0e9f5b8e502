import type { LoginBody } from '@incentive/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { takeEarlyForm } from '../../../first-load/early-form.ts';
import { lazyValidator } from '../../../first-load/lazy-validator.ts';
import { failureOf } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { saveToken } from '../../../lib/session.ts';
import { toastError, toastFailure } from '../../../lib/toast.ts';
import { login } from '../api/login.ts';
import { useSignOut } from '../use-sign-out.ts';

// 'Nie pamiętasz hasła?' loads its dialog (and the query library its form writes with) when it is opened.
const ForgotPasswordDialog = lazy(() =>
  import('../components/forgot-password-dialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);

// zod is not needed to show the form: the check loads on the form's first focus, a submit waits for it.
const validator = lazyValidator(() => import('../login-validation.ts').then((m) => m.validateLogin));

/** `/`: the sign-in page. Visiting it signs the current user out (SPEC.md section 2). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // A plain call, not a mutation hook: the login page carries no query library (decision 013).
  const [busy, setBusy] = useState(false);
  const [forgotOpened, setForgotOpened] = useState(false);
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: validator.validate,
  });

  useEffect(() => {
    void signOut();
  }, [signOut]);

  const formRef = useRef<HTMLFormElement>(null);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await login(values);
      saveToken(res.token, res.token_type);
      navigate(paths.dashboard());
    } catch (err) {
      const failure = failureOf(err);
      if (failure?.status === 401) toastError(t('login.toast.errorLogin'));
      else toastFailure(failure, 'login.toast.errorLogin');
    } finally {
      setBusy(false);
    }
  });

  // What was typed (or submitted) on the pre-rendered page before this code arrived (first-load/early-form.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page takes the form over
  useLayoutEffect(() => {
    const early = takeEarlyForm();
    if (!early) return;
    const { email = '', password = '' } = early.values;
    if (email || password) form.setValues({ email, password });
    // 'Nie pamiętasz hasła?' tapped before the code arrived: its dialog opens now.
    if (early.tapped === 'forgot') setForgotOpened(true);
    // Submitted through the form element after the values above are rendered: `submit` of this
    // render could validate the empty values it was made with (under load the sign-in then said
    // "Pole e-mail jest wymagane" with the e-mail in the field).
    if (early.submitted) void validator.ready().then(() => setTimeout(() => formRef.current?.requestSubmit()));
  }, []);

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form
        ref={formRef}
        onFocus={validator.prefetch}
        onSubmit={(event) => {
          event.preventDefault();
          void validator.ready().then(() => submit());
        }}
        noValidate
      >
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
            <Anchor component="button" type="button" fz="sm" data-early="forgot" onClick={() => setForgotOpened(true)}>
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} size="md" fullWidth mt="xs">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      {forgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened onClose={() => setForgotOpened(false)} email={form.values.email} />
        </Suspense>
      )}
    </AuthCard>
  );
}
