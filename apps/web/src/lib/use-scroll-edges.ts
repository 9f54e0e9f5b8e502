import { type RefObject, useLayoutEffect, useState } from 'react';

export interface ScrollEdges {
  /** The content is wider than its box: it scrolls sideways. */
  overflow: boolean;
  /** Something is hidden to the left / to the right of what shows. */
  before: boolean;
  after: boolean;
}

const NONE: ScrollEdges = { overflow: false, before: false, after: false };

/**
 * Whether a sideways-scrolling box hides content on either side, kept current as it scrolls or
 * resizes (and as its content changes size), so the UI can say "there is more this way".
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  // A layout effect: the first measure (and a hint it shows above the box) lands before the first
  // paint, so the hint never pushes the page down after it (a layout shift).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // Sub-pixel layouts leave a pixel of "overflow" that no one can scroll to.
      const hidden = el.scrollWidth - el.clientWidth;
      const left = Math.abs(el.scrollLeft);
      const next = { overflow: hidden > 1, before: hidden > 1 && left > 1, after: hidden > 1 && left < hidden - 1 };
      setEdges((prev) =>
        prev.overflow === next.overflow && prev.before === next.before && prev.after === next.after ? prev : next,
      );
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    for (const child of el.children) resize.observe(child);
    // A table's rows arrive after the box exists: watch its children come and go too.
    const mutations = new MutationObserver(() => {
      for (const child of el.children) resize.observe(child);
      measure();
    });
    mutations.observe(el, { childList: true });
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      mutations.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return edges;
}
