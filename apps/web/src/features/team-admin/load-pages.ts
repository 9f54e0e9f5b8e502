/*
 * The feature's lazy entry (first-load/README.md): one loader per routed page or lazily shown block,
 * and nothing else (not even React). Reached only by a dynamic import (app/page-elements.tsx), so the
 * list of files each page needs is named in this small chunk, not in the entry everyone downloads
 * (decision 024); the first-load HTML names this chunk and the page's for a first visit (decision 054).
 */

export const loadWarehouseDetailsPage = () =>
  import('./pages/warehouse-details-page.tsx').then((m) => m.WarehouseDetailsPage);
export const loadWarehouseFormPage = () => import('./pages/warehouse-form-page.tsx').then((m) => m.WarehouseFormPage);
export const loadSalesRepFormPage = () => import('./pages/sales-rep-form-page.tsx').then((m) => m.SalesRepFormPage);
export const loadSalesRepDetailsPage = () =>
  import('./pages/sales-rep-details-page.tsx').then((m) => m.SalesRepDetailsPage);
export const loadAdminFormPage = () => import('./pages/admin-form-page.tsx').then((m) => m.AdminFormPage);
