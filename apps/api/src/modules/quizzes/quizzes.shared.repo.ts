import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { quizAttempts } from '../../db/schema.ts';

export { liveQuizzesChangeAtSql, moneyToGetSql } from './quiz-read.repo.ts';

/*
 * What quizzes lend to other modules' statements (decision 052): the parts of a user's JSON and of
 * GET /api/me's kept answer that depend on quizzes (money_to_get, when the live quizzes next change
 * by the clock, how many attempts a user has made), read in the users module's one statement.
 */

/** How many quiz attempts the user `userId` (an outer query's column) has made: a kept /api/me answer is stale when it changes. */
export function attemptsCountOf(userId: SQL | AnyPgColumn): SQL {
  return sql`(select count(*) from ${quizAttempts} where ${quizAttempts.userId} = ${userId})`;
}
