import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Every navigation scrolls smoothly to the top (SPEC.md section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return <Outlet />;
}
