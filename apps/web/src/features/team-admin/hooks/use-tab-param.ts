import { useSearchParams } from 'react-router';

/** The active tab kept in the address (?tab=…), so going back from a details page returns to it. */
export function useTabParam<T extends string>(allowed: readonly T[]): [T, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = allowed.find((a) => a === raw) ?? (allowed[0] as T);
  const setTab = (next: string | null) => {
    const value = allowed.find((a) => a === next);
    if (!value) return;
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  };
  return [tab, setTab];
}
