import { AsyncResource } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { timedQuery } from '../lib/metrics.ts';

/**
 * PGlite runs each statement synchronously on the server's one thread, and hands its lock to the
 * next waiting caller in a microtask. Under load the queued transactions (~10 ms each for a quiz
 * submit) therefore ran back to back without the event loop ever turning: responses waited to be
 * written and, since libuv accepts one new connection per loop turn, a phone opening a connection
 * waited seconds to be accepted (autocannon: 50 connections, p99 5–6 s and timeouts, with the
 * server spending ≤ 30 ms on any one request; docs/decisions/037).
 *
 * Every call to the database now takes a turn in one first-come-first-served line; after a slice
 * of work the line yields to the event loop (setImmediate) before the next caller's turn, so I/O,
 * timers and new connections are served at least every SLICE_MS plus one call.
 */
export const SLICE_MS = 5;

type Job = () => void;

export class Turns {
  private readonly line: Job[] = [];
  private busy = false;
  /** The current slice: started by the first call of a loop turn, ended by the check phase after it. */
  private inSlice = false;
  private sliceStart = 0;
  /** How many times the line yielded to the event loop (tests read it). */
  yields = 0;

  /** Runs `work` when its turn comes; the next turn starts when it settles. */
  take<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Bound to the caller's async context: a queued call runs when another one settles, and must
      // still see its own request's scope (lib/request-scope.ts: who acts, for the audit trail).
      const job = AsyncResource.bind(() => {
        work()
          .then(resolve, reject)
          .finally(() => this.next());
      });
      // Requests arriving in one loop turn are each handled to their first await before the next
      // is read: without this check each would run its call at once, and the turn would last as
      // long as all of them together.
      if (this.busy || (this.inSlice && this.spent())) {
        this.line.push(job);
        if (!this.busy) this.yieldThenNext();
        this.busy = true;
        return;
      }
      this.busy = true;
      this.openSlice();
      job();
    });
  }

  private spent() {
    return performance.now() - this.sliceStart >= SLICE_MS;
  }

  private openSlice() {
    if (this.inSlice) return;
    this.inSlice = true;
    this.sliceStart = performance.now();
    // Runs in this loop turn's check phase: the next turn's calls start a new slice.
    setImmediate(() => {
      this.inSlice = false;
    });
  }

  private next() {
    if (this.line.length === 0) {
      this.busy = false;
      return;
    }
    if (this.inSlice && !this.spent()) {
      this.line.shift()?.();
      return;
    }
    this.yieldThenNext();
  }

  private yieldThenNext() {
    this.yields++;
    setImmediate(() => {
      this.openSlice();
      this.line.shift()?.();
    });
  }
}

/**
 * Routes the client's entry points (query, exec, transaction: what drizzle and the migrator call)
 * through one line of turns. A statement inside a transaction uses the transaction's own handle,
 * so it never queues behind the line its transaction holds.
 */
export function takeTurns(client: PGlite): Turns {
  const turns = new Turns();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  // Timed with the wait for the turn: what a request waits for (lib/metrics.ts).
  client.query = ((...args: Parameters<typeof query>) =>
    timedQuery('pglite', () => turns.take(() => query(...args)))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) =>
    timedQuery('pglite', () => turns.take(() => exec(...args)))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    turns.take(() => transaction(...args))) as typeof client.transaction;
  return turns;
}
