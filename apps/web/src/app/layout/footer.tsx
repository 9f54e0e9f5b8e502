import { Anchor, Box, Container } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';
import classes from './app-layout.module.css';

const FooterDetails = lazy(() => import('./footer-details.tsx').then((m) => ({ default: m.FooterDetails })));

/**
 * The programme's organiser and contact details (as an admin set them, decision 047) and the link
 * to its rules. The footer starts below the fold (app-layout.module.css), so its details (their code
 * and GET /api/settings) come only when it nears the screen: a rep's first paint waits for neither.
 */
export function Footer() {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '300px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <Box
      ref={box}
      component="footer"
      bg="gray.0"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <div className={classes.footerDetails}>
          {near && (
            <Suspense fallback={null}>
              <FooterDetails />
            </Suspense>
          )}
        </div>
        <Anchor fz="xs" href={paths.rules()} target="_blank" rel="noopener" display="block" mt="xs">
          {t('footer.rules')}
        </Anchor>
      </Container>
    </Box>
  );
}
