import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the reserved box comes within `margin` px of the viewport, and keeps them
 * from then on. Below-the-fold blocks of a phone's first screen (the home's article carousel) cost
 * a cheap phone CPU and mobile data it may never use: their chunk, data and images wait until the
 * rep scrolls towards them (decision 028). The box holds `height` so nothing moves when they come.
 */
export function WhenNearViewport({
  height,
  margin = 200,
  testId,
  children,
}: {
  height: number;
  margin?: number;
  testId?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);

  if (near) return children;
  return <div ref={box} style={{ height }} data-testid={testId} />;
}
