import type { GuardedPage } from '@incentive/contracts';
import type { ReactNode } from 'react';
import {
  AdminFormPage,
  SalesRepDetailsPage,
  SalesRepFormPage,
  WarehouseDetailsPage,
  WarehouseFormPage,
} from '../features/back-office/index.ts';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { WithdrawalsPage } from '../features/wallet/index.ts';

/**
 * The screens that exist, by their name in the role policy (which gives each its route and says
 * who may open it). A feature plugs in by adding its page here; menus show only pages listed here.
 */
export const PAGE_ELEMENTS: Partial<Record<GuardedPage, ReactNode>> = {
  dashboard: <DashboardPage />,
  warehouseCreate: <WarehouseFormPage />,
  warehouseDetails: <WarehouseDetailsPage />,
  warehouseEdit: <WarehouseFormPage />,
  salesRepCreate: <SalesRepFormPage kind="ph" />,
  salesRepCreateRks: <SalesRepFormPage kind="rks" />,
  salesRepDetails: <SalesRepDetailsPage />,
  salesRepEdit: <SalesRepFormPage kind="edit" />,
  adminCreate: <AdminFormPage />,
  adminEdit: <AdminFormPage />,
  withdraw: <WithdrawalsPage />,
};
