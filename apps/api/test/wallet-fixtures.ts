import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { cards, users } from '../src/db/schema.ts';

/** Gives a user a current card, as the back office's add-card action does. Test and seed helper. */
export async function giveCard(db: Db, userId: number, number = `4${String(userId).padStart(15, '0')}`) {
  await db.insert(cards).values({ userId, number });
  await db.update(users).set({ cardNumber: number }).where(eq(users.id, userId));
  return number;
}
