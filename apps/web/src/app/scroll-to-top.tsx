import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

/**
 * Every navigation scrolls smoothly to the top (SPEC.md section 2). Not the first render: a page
 * that has just loaded is at the top already, and the smooth scroll's forced layout cost the
 * first load 45 ms of main thread (four times that on a slow phone).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return <Outlet />;
}
