import { KINDS, type Kind } from './settings.ts';

/*
 * An open loop: each kind of visit starts on its own fixed schedule (rate a second), whether or not
 * the earlier ones have answered, as thousands of independent people would; a slow server then
 * shows as latency and timeouts, not as fewer requests sent. A timer checks every few ms how many
 * visits of each kind are due by now and starts them; when this process itself falls behind, the
 * visits start late (counted), never fewer.
 */

export interface LoopResult {
  started: Record<Kind, number>;
  /** How late visits started after their due time (ms, sorted): the load generator's own lag. */
  lateMs: number[];
  /** Visits that threw (a bench bug): the run fails. */
  threw: number;
}

export async function openLoop(o: {
  rates: Record<Kind, number>;
  start: (kind: Kind) => Promise<void>;
  /** Asked on every tick: true ends the loop (then the visits in flight are awaited). */
  done: (elapsedMs: number) => boolean;
}): Promise<LoopResult> {
  const started = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const lateMs: number[] = [];
  let threw = 0;
  const inFlight = new Set<Promise<void>>();
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - t0;
      if (o.done(elapsed)) {
        resolve();
        return;
      }
      for (const kind of KINDS) {
        const rate = o.rates[kind];
        if (rate <= 0) continue;
        const due = Math.floor((elapsed / 1000) * rate);
        while (started[kind] < due) {
          // Visit n (from 0) is due at (n + 1) / rate s: the first one a whole interval in.
          lateMs.push(elapsed - ((started[kind] + 1) / rate) * 1000);
          started[kind]++;
          const visit = o.start(kind).catch((err: unknown) => {
            // A visit records its own failures; a throw here is a bench bug, shown and not hidden.
            threw++;
            console.error(`visit ${kind}: ${(err as Error).stack ?? String(err)}`);
          });
          inFlight.add(visit);
          void visit.finally(() => inFlight.delete(visit));
        }
      }
      setTimeout(tick, 5);
    };
    tick();
  });
  await Promise.all([...inFlight]);
  return { started, lateMs: lateMs.sort((a, b) => a - b), threw };
}
