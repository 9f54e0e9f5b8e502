import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quizzes } from '../../db/schema.ts';

/** Marks a quiz deleted; false when there was none to delete. */
export async function softDeleteQuiz(db: DbOrTx, id: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(quizzes)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)))
    .returning({ id: quizzes.id });
  return rows.length > 0;
}
