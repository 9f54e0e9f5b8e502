import { useCallback, useEffect, useState } from 'react';

/**
 * For code that is not part of the first paint (the toast container, the user menu's dropdown):
 * true a moment after the page has loaded, or at once when `now()` is called (the user reached for
 * it). Until then its chunk is not fetched, so it does not compete with the page for the network
 * and the main thread on a slow phone.
 */
export function useAfterLoad(delayMs: number): [ready: boolean, now: () => void] {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => setReady(true), delayMs);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('load', later);
    };
  }, [delayMs]);
  return [ready, useCallback(() => setReady(true), [])];
}
