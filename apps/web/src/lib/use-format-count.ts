import { formatCount } from '@incentive/contracts';
import { useCallback } from 'react';
import { useTranslation } from './i18n.ts';

/** A count grouped like money ('4 054', '4,054'; decision 046) in the interface's language. */
export function useFormatCount() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((n: number | null | undefined) => formatCount(n ?? 0, lang), [lang]);
}
