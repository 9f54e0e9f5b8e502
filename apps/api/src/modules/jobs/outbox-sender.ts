import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { enqueueDrain, type JobKind } from './jobs.service.ts';

/**
 * What an outbox of messages gives the sender (the notices' and the activation e-mails' queues):
 * its rows that are due, how to send one, and how to mark what happened. The rows are the owner's
 * own; the sender only walks them.
 */
export interface Outbox<T extends { id: number; attempts: number }> {
  /** The job's kind (one sender at a time across processes). */
  kind: string;
  /** Messages per minute at most: the mail provider's limit. */
  perMinute: number;
  /** The wait before each retry, by attempts so far; past the list the message is given up (failed). */
  retryDelaysMs: readonly number[];
  /** How many due rows are read at a time. */
  batch: number;
  due(db: Db, limit: number): Promise<T[]>;
  /** A row not to send any more (its reason gone meanwhile): marked so, no wait spent on it. */
  dropped(row: T): boolean;
  markDropped(db: Db, id: number): Promise<void>;
  send(db: Db, row: T): Promise<void>;
  markSent(db: Db, id: number): Promise<void>;
  markAttemptFailed(db: Db, id: number, error: string, retryInMs: number | null): Promise<void>;
  /** When the next row waiting for a retry is due, or null. */
  nextDueAt(db: Db): Promise<Date | null>;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * The job that sends an outbox's due messages, one every 60/perMinute seconds, and ends when nothing
 * is due; messages waiting for a retry get a job queued for their time. Exclusive, so the rate holds
 * across processes. A stop (SIGTERM) ends it between two messages: the one being sent is sent and
 * marked, the rest stay queued for the next process (decisions 061, 065, 071).
 */
export function outboxSender<T extends { id: number; attempts: number }>(outbox: Outbox<T>): JobKind {
  const gapMs = 60_000 / outbox.perMinute;
  return {
    kind: outbox.kind,
    exclusive: true,
    maxAttempts: 5,
    async run(ctx) {
      let last = 0;
      let sent = 0;
      let failed = 0;
      for (;;) {
        const batch = await outbox.due(ctx.db, outbox.batch);
        if (batch.length === 0) break;
        for (const row of batch) {
          await ctx.pause();
          if (outbox.dropped(row)) {
            await outbox.markDropped(ctx.db, row.id);
            continue;
          }
          const wait = last + gapMs - Date.now();
          if (wait > 0) await sleep(wait, undefined, { signal: ctx.signal }).catch(() => undefined);
          await ctx.pause();
          last = Date.now();
          try {
            await outbox.send(ctx.db, row);
            await outbox.markSent(ctx.db, row.id);
            sent++;
          } catch (err) {
            await outbox.markAttemptFailed(ctx.db, row.id, errorText(err), outbox.retryDelaysMs[row.attempts] ?? null);
            failed++;
          }
          await ctx.progress({ sent, failed });
        }
      }
      const next = await outbox.nextDueAt(ctx.db);
      if (next) await enqueueDrain(ctx.db, outbox.kind, { runAfter: next });
    },
  };
}
