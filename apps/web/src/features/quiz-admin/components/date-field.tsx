import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import calendarDay from '../../../components/calendar-day.module.css';
import { useTranslation } from '../../../lib/i18n.ts';
import '../../../lib/dayjs.ts';

/** The summary's display format (SPEC.md section 2: dd.MM.yyyy). */
export const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';

/** Dates in the interface's language (Polish by default; dayjs loads its locale in lib/dayjs.ts). */
export function QuizDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'pl', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}

/** A date of the summary: a picker opening on the decade view (SPEC.md section 2), value 'YYYY-MM-DD'. */
export function DateField({
  label,
  value,
  onChange,
  error,
  minDate,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  minDate?: string;
}) {
  const { t } = useTranslation();
  return (
    <DatePickerInput
      aria-label={label}
      placeholder={t('quizAdmin.summary.datePlaceholder')}
      valueFormat={DISPLAY_DATE_FORMAT}
      defaultLevel="decade"
      value={value}
      onChange={onChange}
      error={error}
      minDate={minDate}
      clearable={false}
      popoverProps={{ withinPortal: true }}
      // The placeholder is a text element here (not ::placeholder): dark enough for WCAG AA contrast.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      classNames={{ day: calendarDay.day }}
      nextLabel={t('quizAdmin.summary.next')}
      previousLabel={t('quizAdmin.summary.previous')}
    />
  );
}
