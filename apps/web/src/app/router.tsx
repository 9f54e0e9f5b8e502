import type { Role } from '@incentive/contracts';
import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import {
  AdminFormPage,
  SalesRepDetailsPage,
  SalesRepFormPage,
  WarehouseDetailsPage,
  WarehouseFormPage,
} from '../features/back-office/index.ts';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { RulesPage } from '../features/rules/pages/rules-page.tsx';
import { WithdrawalsPage } from '../features/wallet/index.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RequireRole } from './require-role.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SessionGate } from './session-gate.tsx';

/* Who may enter which back-office route (SPEC.md section 6); root counts as admin. */
const BACK_OFFICE: Role[] = ['admin', 'provider_admin', 'seller_reg', 'wholesaler'];
const MANAGERS: Role[] = ['admin', 'provider_admin', 'seller_reg'];
const ADMINS: Role[] = ['admin', 'provider_admin'];
const WAREHOUSE_EDITORS: Role[] = ['admin', 'seller_reg'];

const guarded = (roles: Role[], page: ReactNode) => <RequireRole roles={roles}>{page}</RequireRole>;

/**
 * The route table of SPEC.md section 2. Routes behind the session gate get the header,
 * menu and footer; each declares its roles with RequireRole where not every role may enter.
 */
export const router = createBrowserRouter([
  {
    element: <ScrollToTop />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/rules', element: <RulesPage /> },
      {
        element: <SessionGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/warehouse/create', element: guarded(['admin'], <WarehouseFormPage />) },
              { path: '/warehouse/details/:id', element: guarded(BACK_OFFICE, <WarehouseDetailsPage />) },
              { path: '/warehouse/:id', element: guarded(WAREHOUSE_EDITORS, <WarehouseFormPage />) },
              { path: '/sales-rep/create', element: guarded(BACK_OFFICE, <SalesRepFormPage kind="ph" />) },
              { path: '/sales-rep/create-rks', element: guarded(ADMINS, <SalesRepFormPage kind="rks" />) },
              // A seller opens only its own details (its profile): the page checks the id.
              { path: '/sales-rep/details/:id', element: guarded([...BACK_OFFICE, 'seller'], <SalesRepDetailsPage />) },
              {
                path: '/sales-rep/:id',
                element: guarded([...BACK_OFFICE, 'seller'], <SalesRepFormPage kind="edit" />),
              },
              { path: '/admin/create', element: guarded(MANAGERS, <AdminFormPage />) },
              { path: '/admin/:id', element: guarded(MANAGERS, <AdminFormPage />) },
              // Admins see every withdrawal and the payout actions; a seller sees its own.
              { path: '/withdraw', element: guarded(['admin', 'seller'], <WithdrawalsPage />) },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
