import { can } from '@incentive/contracts';
import { createElement, lazy, Suspense } from 'react';
import { useCurrentUser } from '../../lib/current-user.ts';
import type { HistorySection as Section } from './components/history-section.tsx';

/*
 * What other features use of the audit trail (issue 31): an object's own history. Lazy: a rep
 * opening its own details page (team-admin) never downloads the trail's code.
 */

/** The history table of one object, for a details page's tab (the caller checks `audit.read`). */
export const ObjectHistory = lazy(() =>
  import('./components/object-history.tsx').then((m) => ({ default: m.ObjectHistory })),
);

const LazySection = lazy(() => import('./components/history-section.tsx').then((m) => ({ default: m.HistorySection })));

/** An editor's object history below its form, for whoever reads the audit trail; nothing for anyone else. */
export function HistoryBelow(props: Parameters<typeof Section>[0]) {
  const me = useCurrentUser();
  if (!can(me.role, 'audit.read')) return null;
  return createElement(Suspense, { fallback: null }, createElement(LazySection, props));
}
