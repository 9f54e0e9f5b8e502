import { lazy } from 'react';

/*
 * The back office's public entry: lazy pages only, so the data-table library and the forms live
 * in their own chunks, fetched when a back-office page opens. A rep's home never loads them.
 */

export const BackOfficeDashboard = lazy(() =>
  import('./pages/back-office-dashboard.tsx').then((m) => ({ default: m.BackOfficeDashboard })),
);
export const WarehouseDetailsPage = lazy(() =>
  import('./pages/warehouse-details-page.tsx').then((m) => ({ default: m.WarehouseDetailsPage })),
);
export const WarehouseFormPage = lazy(() =>
  import('./pages/warehouse-form-page.tsx').then((m) => ({ default: m.WarehouseFormPage })),
);
export const SalesRepFormPage = lazy(() =>
  import('./pages/sales-rep-form-page.tsx').then((m) => ({ default: m.SalesRepFormPage })),
);
export const SalesRepDetailsPage = lazy(() =>
  import('./pages/sales-rep-details-page.tsx').then((m) => ({ default: m.SalesRepDetailsPage })),
);
export const AdminFormPage = lazy(() =>
  import('./pages/admin-form-page.tsx').then((m) => ({ default: m.AdminFormPage })),
);
/** Mounted by the signed-in shell for back-office roles only: a rep never loads the modals manager. */
export const BackOfficeModals = lazy(() =>
  import('./components/back-office-modals.tsx').then((m) => ({ default: m.BackOfficeModals })),
);
