import { describe, expect, it } from 'vitest';
import { SLICE_MS, Turns } from './pglite-turns.ts';

/** A call like PGlite's: synchronous CPU work (its WebAssembly), answered through a promise. */
const cpu = (ms: number) => async () => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy, as a statement in PGlite is
  }
  return ms;
};

const step = Math.ceil(SLICE_MS / 2) + 1;

describe('PGlite turns', () => {
  it('answers every call, first come first served', async () => {
    const turns = new Turns();
    const done: number[] = [];
    await Promise.all(Array.from({ length: 12 }, (_, i) => turns.take(cpu(step)).then(() => done.push(i))));
    expect(done).toEqual([...Array(12).keys()]);
  });

  it('lets the event loop turn between calls: a callback queued before them runs before the last', async () => {
    const turns = new Turns();
    let finished = 0;
    let finishedWhenLoopTurned = -1;
    setImmediate(() => {
      finishedWhenLoopTurned = finished;
    });
    // As requests read in one loop turn: each asks for its call at once.
    const calls = Array.from({ length: 10 }, () => turns.take(cpu(step)).then(() => finished++));
    await Promise.all(calls);
    expect(finishedWhenLoopTurned).toBeGreaterThanOrEqual(1);
    expect(finishedWhenLoopTurned).toBeLessThan(10);
    expect(turns.yields).toBeGreaterThan(0);
  });

  it('queues calls that come in separate callbacks of one loop turn, as requests read one by one', async () => {
    const turns = new Turns();
    let finished = 0;
    const calls: Promise<unknown>[] = [];
    // Ten callbacks of the same loop phase (as ten sockets read in one poll), then one more.
    for (let i = 0; i < 10; i++) setImmediate(() => calls.push(turns.take(cpu(step)).then(() => finished++)));
    const seen = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(calls);
    // Without the slice each call would have run to its end in its own callback: 10.
    expect(seen).toBeGreaterThanOrEqual(1);
    expect(seen).toBeLessThan(10);
    expect(finished).toBe(10);
  });

  it('runs cheap calls back to back within a slice', async () => {
    const turns = new Turns();
    await Promise.all(Array.from({ length: 50 }, () => turns.take(async () => 1)));
    expect(turns.yields).toBe(0);
  });

  it('a failed call rejects its caller only; the line goes on', async () => {
    const turns = new Turns();
    const results = await Promise.allSettled([
      turns.take(cpu(step)),
      turns.take(async () => {
        throw new Error('refused');
      }),
      turns.take(cpu(1)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await turns.take(async () => 'after')).toBe('after');
  });

  it('a call that waits on other I/O keeps its turn until it settles', async () => {
    const turns = new Turns();
    const order: string[] = [];
    const slow = turns.take(async () => {
      order.push('tx begins');
      await new Promise((r) => setTimeout(r, 20));
      order.push('tx ends');
    });
    const other = turns.take(async () => {
      order.push('other');
    });
    await Promise.all([slow, other]);
    expect(order).toEqual(['tx begins', 'tx ends', 'other']);
  });
});
