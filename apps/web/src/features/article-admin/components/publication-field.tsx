import '@mantine/dates/styles.css';
import '../../../lib/dayjs.ts';
import { Alert, Group, Stack, Switch } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import calendarDay from '../../../components/calendar-day.module.css';
import { useTranslation } from '../../../lib/i18n.ts';
import { displayWallTime, plannedStatus } from '../lib/publication.ts';

/**
 * Publication (beyond the spec, issue 14 point 4): the 'Opublikuj' switch and the date and time,
 * Warsaw time, defaulting to now. Off = a draft; a date ahead = scheduled. Says what saving makes of it.
 */
export function PublicationField({
  publish,
  onPublish,
  value,
  onChange,
  error,
}: {
  publish: boolean;
  onPublish: (publish: boolean) => void;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const status = plannedStatus(publish, value);
  return (
    <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'pl', firstDayOfWeek: 1 }}>
      <Stack gap="xs">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Switch
            label={t('articleAdmin.editor.publish')}
            description={t('articleAdmin.editor.publishHint')}
            checked={publish}
            onChange={(e) => onPublish(e.currentTarget.checked)}
            size="md"
            mt={4}
            style={{ flex: '1 1 220px' }}
          />
          <DateTimePicker
            label={t('articleAdmin.editor.publishedAt')}
            description={t('articleAdmin.editor.publishedAtHint')}
            value={value}
            onChange={(v) => onChange(v)}
            valueFormat="DD-MM-YYYY HH:mm"
            disabled={!publish}
            error={error}
            leftSection={<IconCalendarTime size={16} aria-hidden />}
            timePickerProps={{ 'aria-label': t('articleAdmin.editor.timeLabel') }}
            submitButtonProps={{ 'aria-label': t('articleAdmin.editor.submit') }}
            popoverProps={{ withinPortal: true }}
            classNames={{ day: calendarDay.day }}
            nextLabel={t('articleAdmin.editor.nextMonth')}
            previousLabel={t('articleAdmin.editor.previousMonth')}
            style={{ flex: '1 1 260px' }}
            data-testid="published-at"
          />
        </Group>
        <Alert
          variant="light"
          color={status === 'draft' ? 'gray' : status === 'scheduled' ? 'blue' : 'green'}
          p="xs"
          data-testid="publication-info"
        >
          {status === 'draft'
            ? t('articleAdmin.editor.draftInfo')
            : status === 'scheduled'
              ? t('articleAdmin.editor.scheduledInfo', { date: displayWallTime(value ?? '') })
              : t('articleAdmin.editor.publishedInfo')}
        </Alert>
      </Stack>
    </DatesProvider>
  );
}
