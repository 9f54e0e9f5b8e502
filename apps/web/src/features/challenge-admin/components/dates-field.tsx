import '@mantine/dates/styles.css';
import '../../../lib/dayjs.ts';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import calendarDay from '../../../components/calendar-day.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The challenge's days as one range picker in the interface's language (Polish by default, weeks
 * from Monday); values 'YYYY-MM-DD', both days included. A one-day challenge is allowed.
 */
export function DatesField({
  start,
  end,
  onChange,
  error,
}: {
  start: string | null;
  end: string | null;
  onChange: (start: string | null, end: string | null) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'pl', firstDayOfWeek: 1 }}>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={t('challengeAdmin.fields.dates')}
        description={t('challengeAdmin.editor.datesHint')}
        placeholder={t('challengeAdmin.editor.datesPlaceholder')}
        valueFormat="DD.MM.YYYY"
        value={[start, end]}
        onChange={([from, to]) => onChange(from, to)}
        error={error}
        withAsterisk
        popoverProps={{ withinPortal: true }}
        // The placeholder is a text element here (not ::placeholder): dark enough for WCAG AA contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        classNames={{ day: calendarDay.day }}
        nextLabel={t('challengeAdmin.editor.next')}
        previousLabel={t('challengeAdmin.editor.previous')}
        data-testid="challenge-dates"
      />
    </DatesProvider>
  );
}
