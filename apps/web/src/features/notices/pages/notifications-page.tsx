import { can, type NoticeKind, type NoticeSettings } from '@incentive/contracts';
import { Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useNoticeSettings, useSaveNoticeSettings } from '../api/notices-api.ts';
import { noticesStrings } from '../lib/strings.ts';

registerStrings(noticesStrings);

/** The queue is the back office's: a rep opening its settings never downloads its table. */
const NoticeQueue = lazy(() => import('../components/notice-queue.tsx').then((m) => ({ default: m.NoticeQueue })));

/**
 * `/notifications` (issue 31 point 2): which e-mail notices one receives and in which language;
 * root and admin also see the queue (waiting, sent, failed after five tries).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const settings = useNoticeSettings();
  useErrorToast(settings.error, 'notices.errorLoad');
  return (
    <Page title={t('notices.title')} subtitle={t('notices.subtitle')}>
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} />}
      {can(me.role, 'notices.manage') && (
        <Suspense fallback={null}>
          <NoticeQueue />
        </Suspense>
      )}
    </Page>
  );
}

function SettingsForm({ initial }: { initial: NoticeSettings }) {
  const { t } = useTranslation();
  const save = useSaveNoticeSettings();
  const [lang, setLang] = useState(initial.lang);
  const [kinds, setKinds] = useState<Partial<Record<NoticeKind, boolean>>>(
    Object.fromEntries(initial.kinds.map((k) => [k.kind, k.enabled])),
  );
  const submit = () =>
    save.mutate(
      { lang, kinds },
      {
        onSuccess: () => toastSuccess(t('notices.saved')),
        onError: (err) => toastFailure(failureOf(err), 'notices.errorSave'),
      },
    );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="notice-settings">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('notices.mine')}
        </Title>
        {initial.kinds.length === 0 ? (
          <Text fz="sm">{t('notices.none')}</Text>
        ) : (
          <>
            <Text fz="sm" c="gray.7">
              {t('notices.intro')}
            </Text>
            <Stack gap="sm">
              {initial.kinds.map(({ kind }) => (
                <Switch
                  key={kind}
                  label={t(`notices.kind.${kind}`)}
                  checked={kinds[kind] ?? true}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setKinds((k) => ({ ...k, [kind]: checked }));
                  }}
                />
              ))}
            </Stack>
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="notice-lang">
                {t('notices.language')}
              </Text>
              <SegmentedControl
                aria-labelledby="notice-lang"
                value={lang}
                onChange={(v) => setLang(v as 'pl' | 'en')}
                data={[
                  { value: 'pl', label: t('notices.lang.pl') },
                  { value: 'en', label: t('notices.lang.en') },
                ]}
                w={{ base: '100%', xs: 260 }}
              />
            </Stack>
            <Group>
              <Button onClick={submit} loading={save.isPending}>
                {t('notices.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
