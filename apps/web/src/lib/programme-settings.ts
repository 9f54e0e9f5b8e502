import { API, type ProgrammeSettings } from '@incentive/contracts';
import { useCallback, useEffect, useState } from 'react';
import { fetchOrThrow } from './api-client.ts';

/*
 * The programme's organiser, contact details and rules (GET /api/settings, public; decision 047),
 * read by the footer, the rules page and the settings page. Kept here rather than in the query
 * cache: the rules page is public and has no query client, and the footer asks only when it comes
 * near the screen, so a rep's first paint waits for none of it. One answer serves every reader of
 * the page's lifetime; a save replaces it.
 */

let current: ProgrammeSettings | undefined;
let pending: Promise<ProgrammeSettings> | undefined;
const listeners = new Set<(s: ProgrammeSettings) => void>();

/** The settings, asked of the API once (again after a failure). */
export function loadProgrammeSettings(): Promise<ProgrammeSettings> {
  if (current) return Promise.resolve(current);
  pending ??= fetchOrThrow<ProgrammeSettings>(API.settings).then(
    (s) => {
      setProgrammeSettings(s);
      return s;
    },
    (err: unknown) => {
      pending = undefined;
      throw err;
    },
  );
  return pending;
}

/** What a save answered: every reader shows it at once. */
export function setProgrammeSettings(s: ProgrammeSettings) {
  current = s;
  for (const listener of listeners) listener(s);
}

/** The settings once `enabled` (e.g. the footer near the screen); `error` when the load failed, `retry` asks again. */
export function useProgrammeSettings(enabled = true) {
  const [data, setData] = useState<ProgrammeSettings | undefined>(current);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    listeners.add(setData);
    return () => {
      listeners.delete(setData);
    };
  }, []);
  useEffect(() => {
    if (!enabled || attempt < 0) return;
    let live = true;
    loadProgrammeSettings().then(
      (s) => live && setData(s),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);
  return { data, error, retry };
}
