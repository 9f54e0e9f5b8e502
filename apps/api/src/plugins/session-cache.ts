/**
 * Remembers, for a few seconds, which user a bearer token belongs to, so that a burst of reads
 * (a dashboard page, a list being paged or sorted) does not look the session up once per request.
 * See docs/decisions/011-session-cache.md.
 *
 * Correctness rests on two rules:
 * - Every request that may write (any method but GET, HEAD and OPTIONS) empties the cache of its
 *   application before its response is sent, i.e. after its transaction committed. A logout, a new
 *   password, a deactivation or a role change therefore takes effect for the very next request.
 *   Only a route that declares `keepsSessions` (a rep's quiz submit, withdrawal, card; reviewed in
 *   security/sessions-kept.test.ts) leaves it as it is (decision 041).
 * - An entry is kept only if no such request finished while it was being looked up (the epoch did
 *   not move), so a lookup that read the old state can never outlive the write that changed it.
 * Other API processes on the same PostgreSQL empty it by notification (plugins/session-sync.ts);
 * what the CLI writes, or what a lost notification carried, is seen after at most `ttlMs`.
 */
export interface CachedSession<T> {
  value: T;
  /** When the session itself expires (ms since the epoch). */
  expiresAt: number;
}

export class SessionCache<T> {
  private entries = new Map<string, { value: T; expiresAt: number; until: number }>();
  private epochValue = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Changes whenever the cache is emptied; pass the value read before a lookup to `set`. */
  get epoch(): number {
    return this.epochValue;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.until || now >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a lookup's result unless the cache was emptied since `epoch` was read. */
  set(key: string, session: CachedSession<T>, epoch: number): void {
    if (epoch !== this.epochValue || this.ttlMs <= 0) return;
    // A full cache starts over rather than tracking recency: entries live seconds anyway.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { ...session, until: this.now() + this.ttlMs });
  }

  clear(): void {
    this.epochValue += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
