import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../../../components/logo.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useProgrammeSettings } from '../../../lib/programme-settings.ts';
import { RulesBody } from '../components/rules-body.tsx';

/**
 * `/rules`: the programme's rules in force, as an admin last saved them on the settings page
 * (decision 047), with the date they took effect. Public: the set-password page and the footer link here.
 */
export function RulesPage() {
  const { t } = useTranslation();
  const { data, error, retry } = useProgrammeSettings();
  const rules = data?.rules;
  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Logo />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Title order={1} fz={26} mb="xs">
            {t('rules.title')}
          </Title>
          {data?.organiser && (
            <Text fz="sm" c="dimmed">
              {t('rules.organiser', { name: data.organiser })}
            </Text>
          )}
          {rules && (
            <Text fz="sm" c="dimmed" mb="md" data-testid="rules-version">
              {t('rules.inForceSince', { date: formatDate(rules.published_at) ?? '' })}
            </Text>
          )}
          {data && !rules && <Text c="dimmed">{t('rules.none')}</Text>}
          <RulesBody
            rules={rules}
            loading={!data && !error}
            failed={!data && Boolean(error)}
            onRetry={retry}
            failedText={t('rules.loadFailed')}
            retryText={t('rules.retry')}
            testId="rules-content"
          />
        </Paper>
      </Stack>
    </Container>
  );
}
