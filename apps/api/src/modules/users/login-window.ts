import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loginWindow } from '../../db/schema.ts';

/** login_counter_weekly counts the logins of this many days (SPEC.md section 2). */
export const LOGIN_COUNTER_DAYS = 14;
/** How often the window moves: a login leaves the count at most this late. */
export const LOGIN_WINDOW_STEP_MS = 60_000;

/**
 * Moves the recent-logins window to start LOGIN_COUNTER_DAYS before `now` and takes the logins it
 * passes away from users.recent_logins, in one transaction (the window row is locked, so two API
 * processes never take the same logins away twice). Returns how many users' counts changed.
 */
export async function advanceLoginWindow(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LOGIN_COUNTER_DAYS * 24 * 3600 * 1000);
  return db.transaction(async (tx) => {
    const [w] = await tx.select().from(loginWindow).where(eq(loginWindow.id, 1)).for('update');
    if (!w || w.cutoff >= cutoff) return 0;
    const res = await tx.execute(sql`
      update users set recent_logins = users.recent_logins - aged.n
      from (
        select user_id, count(*)::int as n from logins
        where created_at >= ${w.cutoff.toISOString()}::timestamptz and created_at < ${cutoff.toISOString()}::timestamptz
        group by user_id
      ) as aged
      where users.id = aged.user_id`);
    await tx.update(loginWindow).set({ cutoff }).where(eq(loginWindow.id, 1));
    return (
      (res as { rowCount?: number; affectedRows?: number }).rowCount ??
      (res as { affectedRows?: number }).affectedRows ??
      0
    );
  });
}

/** Moves the window when the app is ready and every LOGIN_WINDOW_STEP_MS until it closes. */
export function keepLoginWindow(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const step = () => {
    running = advanceLoginWindow(app.db).catch((err: unknown) =>
      app.log.error({ err }, 'could not move the recent-logins window'),
    );
  };
  app.addHook('onReady', async () => {
    step();
    await running;
    timer = setInterval(step, LOGIN_WINDOW_STEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
