import { useCallback } from 'react';
import { useTranslation } from './i18n.ts';
import { formatMoney, type MoneyOptions } from './money.ts';

/** formatMoney in the interface's current language; components re-render when it changes. */
export function useFormatMoney() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback(
    (value: string | number | null | undefined, opts?: MoneyOptions) => formatMoney(value, lang, opts),
    [lang],
  );
}
