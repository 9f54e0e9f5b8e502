import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { RulesPage } from '../features/rules/pages/rules-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SessionGate } from './session-gate.tsx';

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
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
