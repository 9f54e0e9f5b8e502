/*
 * The back office's routed pages, reached through one lazy import (app/page-elements.tsx) as the
 * quiz back office's are: the long lists of chunks these pages need (the data table, the forms) are
 * named here, not in everyone's first load (decision 030: the rep pages' budget).
 */

export const loadWarehouseDetailsPage = () =>
  import('./pages/warehouse-details-page.tsx').then((m) => m.WarehouseDetailsPage);
export const loadWarehouseFormPage = () => import('./pages/warehouse-form-page.tsx').then((m) => m.WarehouseFormPage);
export const loadSalesRepFormPage = () => import('./pages/sales-rep-form-page.tsx').then((m) => m.SalesRepFormPage);
export const loadSalesRepDetailsPage = () =>
  import('./pages/sales-rep-details-page.tsx').then((m) => m.SalesRepDetailsPage);
export const loadAdminFormPage = () => import('./pages/admin-form-page.tsx').then((m) => m.AdminFormPage);
