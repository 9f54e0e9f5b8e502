import './lib/zod-jitless.ts';
// First, before React and Mantine evaluate: a signed-in visitor's GET /api/me goes out now.
import { earlyUser } from './lib/early-me.ts';
// Mantine's base styles; each component's own stylesheet comes with its code (build/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';

// The first page's chunks load while React starts; the guarded page's once the user is known.
preloadRoute(location.pathname);
void earlyUser().then((me) => me && preloadRoute(location.pathname, me));

// Polish is ready at once; a stored English choice waits for its chunk so no Polish text flashes.
void i18nReady.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          {/* Nothing to show until the first page's chunk is in: the page itself is the first paint. */}
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
