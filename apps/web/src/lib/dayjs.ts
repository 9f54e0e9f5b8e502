import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import { i18n } from './i18n.ts';

/*
 * dayjs in the interface's language (month names), for the pages that show dates: kept out of the
 * entry, which the login page loads and which shows no date.
 */
dayjs.locale(i18n.language);
i18n.onLanguageChanged((lang) => {
  dayjs.locale(lang);
});

export { dayjs };
