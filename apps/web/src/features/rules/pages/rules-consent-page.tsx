import { API, type ProgrammeSettings } from '@incentive/contracts';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { removeHomeShell } from '../../../first-load/home-shell.ts';
import { failureOf, fetchOrThrow } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import en from '../../../locales/consent/en.json';
import pl from '../../../locales/consent/pl.json';
import { useSignOut } from '../../auth/index.ts';
import { RulesBody } from '../components/rules-body.tsx';
import classes from './rules.module.css';

registerStrings({ pl, en });

const accept = (version: number) =>
  fetchOrThrow<{ message: string }>(API.rulesAccept, { method: 'POST', body: { version } });

/**
 * A new version of the rules, before anything else (issue 30 point 3, decision 060): the session gate
 * shows this instead of any page while GET /api/me names a version the rep has not accepted. The
 * rules are read afresh (not the footer's copy), so the rep accepts what it read.
 */
export function RulesConsentPage({ version }: { version: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The rep home's pre-painted shell goes: this page stands in for it.
  useLayoutEffect(removeHomeShell, []);
  const settings = useQuery({
    queryKey: queryKey('programme-settings'),
    queryFn: ({ signal }) => fetchOrThrow<ProgrammeSettings>(API.settings, { signal }),
    retry: false,
    staleTime: 0,
  });
  // GET /api/me is read again after the acceptance: the gate then shows the page that was asked for.
  const save = useApiMutation({ mutationFn: accept, invalidates: ['me'], invalidatesOnError: ['me'] });
  const rules = settings.data?.rules;

  const submit = () => {
    if (!checked) {
      setError(t('consent.checkboxRequired'));
      return;
    }
    if (!rules) return;
    save.mutate(rules.version, {
      onSuccess: (res) => toastSuccess(res.message),
      onError: (err) => {
        toastFailure(failureOf(err), 'consent.error');
        void queryClient.invalidateQueries({ queryKey: queryKey('programme-settings') });
      },
    });
  };

  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Logo />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Title order={1} fz={24} mb="xs">
            {t('consent.title')}
          </Title>
          <Text mb="sm">{t('consent.intro')}</Text>
          {rules && (
            <Text fz="sm" c="dimmed" mb="md" data-testid="consent-version">
              {t('consent.version', { version: rules.version, date: formatDate(rules.published_at) ?? '' })}
            </Text>
          )}
          <RulesBody
            rules={rules}
            loading={!settings.data && !settings.error}
            failed={Boolean(settings.error)}
            onRetry={() => void settings.refetch()}
            failedText={t('consent.loadFailed')}
            retryText={t('consent.retry')}
            testId="consent-rules"
            extra={{ 'data-version': rules?.version === version ? 'current' : 'other' }}
          />
        </Paper>
        {rules && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="md">
              {/* A native box: Mantine's Checkbox would put this page over the first-load budget. */}
              <div>
                <label className={classes.consent}>
                  <input
                    type="checkbox"
                    checked={checked}
                    aria-invalid={error !== null}
                    aria-describedby={error ? 'consent-error' : undefined}
                    onChange={(e) => {
                      setChecked(e.currentTarget.checked);
                      setError(null);
                    }}
                  />
                  <span>{t('consent.checkbox')}</span>
                </label>
                {error && (
                  <Text id="consent-error" c="red.8" fz="sm" mt={4} role="alert">
                    {error}
                  </Text>
                )}
              </div>
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  onClick={() => void signOut().then(() => navigate(paths.login(), { replace: true }))}
                >
                  {t('consent.signOut')}
                </Button>
                <Button onClick={submit} loading={save.isPending}>
                  {t('consent.accept')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
