import {
  can,
  type Paged,
  type Quiz,
  type QuizListQuery,
  type QuizListRow,
  type RepQuiz,
  type RepQuizListItem,
  type Role,
} from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { offsetOf, paged, searchTerm } from '../../lib/paging.ts';
import { recordChange } from '../audit/audit.service.ts';
import { managerQuizJson, managerRowJson, repQuizJson, repRowJson } from './quiz-json.ts';
import * as read from './quiz-read.repo.ts';
import * as write from './quiz-write.repo.ts';

export { createQuiz, saveQuizDetails, updateQuizContent } from './author-quiz.ts';
export { exportResults, openAnswers, quizResults, userAttempts } from './quiz-results.ts';
export { submitQuiz } from './submit-quiz.ts';

type Actor = { id: number; role: Role };

const managesQuizzes = (actor: Actor) => can(actor.role, 'quizzes.manage');

/** GET /api/quiz: the back office's list for a quiz manager, the rep's list of live quizzes for a rep. */
export async function listQuizzes(
  db: Db,
  actor: Actor,
  q: QuizListQuery,
): Promise<Paged<QuizListRow> | Paged<RepQuizListItem>> {
  const query = {
    sort: q.sort,
    order: q.order,
    search: searchTerm(q.search),
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  };
  if (managesQuizzes(actor)) {
    const { rows, total } = await read.managerPage(db, query);
    return paged(rows.map(managerRowJson), total, q.page, q.per_page);
  }
  const { rows, total } = await read.repPage(db, actor.id, query);
  return paged(rows.map(repRowJson), total, q.page, q.per_page);
}

/**
 * GET /api/quiz/{id}: a quiz manager reads any quiz not deleted, with the correct answers, as its
 * editor edits it (an edit waiting for its summary included); a rep reads only a live quiz's live
 * version, without them (anything else is "not found", so drafts stay unseen). The rep's answer
 * names its version, which the submit sends back (docs/decisions/043).
 */
export async function getQuiz(db: Db, actor: Actor, id: number): Promise<Quiz | RepQuiz> {
  if (managesQuizzes(actor)) {
    const row = await read.findQuiz(db, id);
    if (!row) throw notFound('quiz.notFound');
    return managerQuizJson(row, await read.versionQuestions(db, id, row.draftVersion));
  }
  const row = await read.findQuizForRep(db, id, actor.id);
  if (!row?.isLive || row.liveVersion === null) throw notFound('quiz.notFound');
  return repQuizJson({ ...row, liveVersion: row.liveVersion }, await read.versionQuestions(db, id, row.liveVersion));
}

/** DELETE /api/quiz/{id}: hides the quiz; its attempts and the rewards they paid stay. */
export async function deleteQuiz(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await write.softDeleteQuiz(tx, id))) throw notFound('quiz.notFound');
    await recordChange(tx, { kind: 'quiz.delete', object: 'quiz', id });
  });
}
