import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { i18n } from '../lib/i18n.ts';
import { onToastWanted } from '../lib/toast.ts';
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

// The toast container (with its transitions) is not part of the first load: it comes with the
// first toast (lib/toast.ts says when). A toast shown before it has mounted waits in
// @mantine/notifications' store and appears once the container is there.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));
export function Providers({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState(false);
  useEffect(() => onToastWanted(() => setToasts(true)), []);
  return (
    <DirectionProvider>
      <MantineProvider theme={appTheme} cssVariablesResolver={cssVariablesResolver}>
        {toasts && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
