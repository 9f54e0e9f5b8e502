import { Loader, type LoaderProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';

/**
 * Mantine's Loader as assistive technology should meet it: an indeterminate progress bar named
 * "Ładowanie…". A name on Mantine's bare <span> (no role) is an ARIA error that axe reports as
 * serious (aria-prohibited-attr) whenever a check meets a loader still on screen.
 */
export function Loading(props: Omit<LoaderProps, 'role' | 'aria-label'>) {
  const { t } = useTranslation();
  return <Loader role="progressbar" aria-label={t('common.loading')} {...props} />;
}
