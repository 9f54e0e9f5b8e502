import { lazy } from 'react';

/*
 * The back office's public entry: lazy pages only, so the data-table library and the forms live
 * in their own chunks, fetched when a back-office page opens. A rep's home never loads them. The
 * routed pages load through load-pages.ts.
 */

export const BackOfficeDashboard = lazy(() =>
  import('./pages/back-office-dashboard.tsx').then((m) => ({ default: m.BackOfficeDashboard })),
);
/** Mounted by the signed-in shell for back-office roles only: a rep never loads the modals manager. */
export const BackOfficeModals = lazy(() =>
  import('./components/back-office-modals.tsx').then((m) => ({ default: m.BackOfficeModals })),
);
