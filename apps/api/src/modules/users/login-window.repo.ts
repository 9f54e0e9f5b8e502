import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginWindow } from '../../db/schema.ts';

/** Where the recent-logins window starts, its row locked for the rest of the transaction. */
export async function lockWindowCutoff(tx: DbOrTx): Promise<Date | undefined> {
  const [w] = await tx.select().from(loginWindow).where(eq(loginWindow.id, 1)).for('update');
  return w?.cutoff;
}

/** Takes the logins in [from, to) away from users.recent_logins; returns how many users changed. */
export async function forgetLogins(tx: DbOrTx, from: Date, to: Date): Promise<number> {
  const res = await tx.execute(sql`
      update users set recent_logins = users.recent_logins - aged.n
      from (
        select user_id, count(*)::int as n from logins
        where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
        group by user_id
      ) as aged
      where users.id = aged.user_id`);
  return (
    (res as { rowCount?: number; affectedRows?: number }).rowCount ??
    (res as { affectedRows?: number }).affectedRows ??
    0
  );
}

export async function setWindowCutoff(tx: DbOrTx, cutoff: Date): Promise<void> {
  await tx.update(loginWindow).set({ cutoff }).where(eq(loginWindow.id, 1));
}
