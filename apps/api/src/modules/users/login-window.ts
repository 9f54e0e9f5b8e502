import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import * as repo from './login-window.repo.ts';

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
    const from = await repo.lockWindowCutoff(tx);
    if (!from || from >= cutoff) return 0;
    const changed = await repo.forgetLogins(tx, from, cutoff);
    await repo.setWindowCutoff(tx, cutoff);
    return changed;
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
