/*
 * Requests first (docs/decisions/050, "Who waits for whom"). On PGlite the database is one
 * connection inside the process: while a job's step holds it, every request's next statement waits.
 * A request of several statements (a session lookup, then its read) could wait for one step per
 * statement. So a job on PGlite starts its next step only when no API request is in flight, or after
 * `maxWaitMs` at most, so that a steady stream of requests slows a job but never starves it. A
 * request then waits for one step at the most: the one running when it arrived.
 */

export class RequestsFirst {
  private inFlight = 0;
  private waiters: { own: number; go: () => void }[] = [];

  constructor(private readonly maxWaitMs: number) {}

  /** A request began (it will touch the database). */
  begin(): void {
    this.inFlight += 1;
  }

  /** A request ended: answered, aborted or failed. */
  end(): void {
    if (this.inFlight > 0) this.inFlight -= 1;
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((w) => this.inFlight <= w.own);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => this.inFlight > w.own);
    for (const w of ready) w.go();
  }

  /** Requests in flight now (tests, diagnostics). */
  get busy(): number {
    return this.inFlight;
  }

  /**
   * Resolves when no request but the caller's `own` is in flight (a job: none; a file's staging:
   * its own upload), or after maxWaitMs.
   */
  turn(own = 0): Promise<void> {
    if (this.inFlight <= own) return Promise.resolve();
    return new Promise<void>((resolve) => {
      let done = false;
      const go = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.go !== go);
        go();
      }, this.maxWaitMs);
      this.waiters.push({ own, go });
    });
  }
}
