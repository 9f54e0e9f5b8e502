import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The arrows of every pager get names for screen readers (they show only an icon). A plain object,
// not Pagination.extend(), so the theme does not pull the Pagination component into the entry.
const appTheme = mergeThemeOverrides(theme, {
  components: {
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': i18n.t(`table.${control}Page`),
        }),
      },
    },
  },
});

// The toast container (with its transitions) arrives after the first paint; a toast shown
// before that waits in @mantine/notifications' store and appears once the container mounts.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider>
        <MantineProvider theme={appTheme} cssVariablesResolver={cssVariablesResolver}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          {children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
