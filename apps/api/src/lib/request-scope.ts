import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is acting, for the code that runs on their behalf (the audit trail, decision 064): set for each
 * request by plugins/request-scope.ts, and by a background job for the person it works for. Read
 * lazily: the session's user is known only after the auth hook, which runs inside the scope.
 */
export interface ActingScope {
  actorId(): number | null;
  actorRole(): string | null;
  ip(): string | null;
  requestId(): string | null;
}

const storage = new AsyncLocalStorage<ActingScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export function runInScope<T>(scope: ActingScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the running code, or undefined outside any request or job (the system). */
export function currentScope(): ActingScope | undefined {
  return storage.getStore();
}

/** A job's scope: the person it acts for (say, the admin who uploaded a sales file), no address. */
export function personScope(actor: { id: number; role: string } | null): ActingScope {
  return {
    actorId: () => actor?.id ?? null,
    actorRole: () => actor?.role ?? null,
    ip: () => null,
    requestId: () => null,
  };
}
