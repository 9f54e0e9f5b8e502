import { type GuardedPage, PAGES } from '@incentive/contracts';
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { RulesPage } from '../features/rules/pages/rules-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PAGE_ELEMENTS } from './page-elements.tsx';
import { RequirePage } from './require-page.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SessionGate } from './session-gate.tsx';

/** Each existing page at its route, behind the guard of the role policy. */
const guardedRoutes = (Object.keys(PAGE_ELEMENTS) as GuardedPage[]).map((page) => ({
  path: PAGES[page],
  element: <RequirePage page={page}>{PAGE_ELEMENTS[page]}</RequirePage>,
}));

/**
 * The route table of SPEC.md section 2. Routes behind the session gate get the header, menu and
 * footer; who may enter each is the role policy's (packages/contracts/src/policy.ts).
 */
export const router = createBrowserRouter([
  {
    element: <ScrollToTop />,
    children: [
      { path: PAGES.login, element: <LoginPage /> },
      { path: PAGES.register, element: <RegisterPage /> },
      { path: PAGES.rules, element: <RulesPage /> },
      {
        element: <SessionGate />,
        children: [
          {
            element: <AppLayout />,
            children: [...guardedRoutes, { path: '*', element: <NotFoundPage /> }],
          },
        ],
      },
    ],
  },
]);
