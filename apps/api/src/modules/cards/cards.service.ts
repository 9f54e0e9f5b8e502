import { type CardRecord, can, maskCardNumber, type Paged, type Role, WALLET_ROLES } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import { type Actor, canReadUser, seesFullCards } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { currentCardHolder, findReadableUser, lockActiveUser, setCurrentCardNumber } from '../users/users.service.ts';
import * as repo from './cards.repo.ts';

const show = (actor: Actor, number: string) => (seesFullCards(actor) ? number : maskCardNumber(number));

/** GET /api/sales-rep/{id}/cards: the cards of a user the actor may see, newest first by default. */
export async function listCards(
  db: Db,
  actor: Actor,
  userId: number,
  q: { page: number; per_page: number; sort: 'id' | 'created_at'; order: 'asc' | 'desc' },
): Promise<Paged<CardRecord>> {
  await findReadableUser(db, actor, userId);
  const [total, rows] = await Promise.all([
    repo.countCards(db, userId),
    repo.cardPage(db, userId, q.sort, q.order, q.per_page, offsetOf(q.page, q.per_page)),
  ]);
  return paged(
    rows.map((r) => ({
      id: r.id,
      number: show(actor, r.number),
      created_at: r.createdAt.toISOString(),
      is_current: r.isCurrent,
    })),
    total,
    q.page,
    q.per_page,
  );
}

/**
 * POST /api/card: adds a card to a rep the actor sees (with the action cards.add); it becomes the current one. The card row
 * and users.card_number change in one transaction, with the user row locked against a parallel add.
 */
export async function addCard(db: Db, actor: Actor, userId: number, number: string): Promise<CardRecord> {
  return db.transaction(async (tx) => {
    const target = await lockActiveUser(tx, userId);
    const subject = target ? { id: userId, role: target.role as Role } : undefined;
    if (!target || !subject || !(await canReadUser(tx, actor, subject))) throw notFound('users.notFound');
    // Card adding is an action of its own (SPEC.md section 6: admin and provider admin, which edits
    // no rep): whoever has it adds cards to the reps it sees.
    if (!can(actor.role, 'cards.add')) throw forbidden();
    // Only roles that hold a wallet (sales reps and regional managers) are paid to a card.
    if (!WALLET_ROLES.includes(subject.role)) throw new AppError(422, 'card.userNotRep');
    if (target.cardNumber === number) throw new AppError(409, 'card.alreadyCurrent');
    if ((await currentCardHolder(tx, number, userId)) !== undefined) throw new AppError(409, 'card.numberTaken');
    const row = await repo.insertCard(tx, { userId, number, createdBy: actor.id });
    await setCurrentCardNumber(tx, userId, number);
    await recordChange(tx, { kind: 'user.cardAdd', object: 'user', id: userId, ofUser: userId });
    return { id: row.id, number: show(actor, number), created_at: row.createdAt.toISOString(), is_current: true };
  });
}
