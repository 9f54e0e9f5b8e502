import type { ReactNode } from 'react';
import { StrictMode, Suspense } from 'react';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole app under a router: the browser's (main.tsx) or a fixed location's for the build's
 * pre-render (prerender.tsx). One tree for both, so the pre-rendered HTML is what hydration expects.
 */
export function AppTree({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Providers>
        <Router>
          {/* Nothing to show until the first page's chunk is in: the page itself is the first paint. */}
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
        </Router>
      </Providers>
    </StrictMode>
  );
}
