import type {
  Lang,
  LoginRecord,
  Paged,
  Role,
  User,
  UserDetails,
  UserExportQuery,
  UserListItem,
  UserListQuery,
  userUpsertBodySchema,
  WarehouseUserListQuery,
} from '@incentive/contracts';
import { can } from '@incentive/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { JsonText } from '../../lib/json-text.ts';
import { offsetOf, paged, pagedJson, searchTerm } from '../../lib/paging.ts';
import type { Mailer } from '../../plugins/mail.ts';
import {
  type Actor,
  canManageUser,
  canReadUser,
  findActiveUserById,
  isScoped,
  mayList,
  mayManageRole,
  readScopeOf,
  seesFullCards,
  type UserRow,
  warehouseScopeOf,
} from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { type AuthSettings, endAccess, sendSetPasswordLink } from '../auth/auth.service.ts';
import { lockMemberWallets } from '../wallet/wallet.service.ts';
import {
  assertReadable as assertReadableWarehouse,
  lockAssignable,
  replaceUserWarehouses,
} from '../warehouses/warehouses.service.ts';
import { emailChangeOf, notifyEmailChange } from './email-change.ts';
import { meText } from './me-cache.ts';
import * as listRepo from './user-list.repo.ts';
import * as repo from './users.repo.ts';

/** Rows per query when exporting every row of a list. */
const EXPORT_CHUNK = 500;

export type UserBody = z.output<typeof userUpsertBodySchema>;
/** Which optional fields a PUT actually sent: those it left out keep their value. */
export type SentFields = Record<'surname' | 'assecoId' | 'phone', boolean>;

const userNotFound = () => notFound('users.notFound');

/**
 * GET /api/me: the User entity (SPEC.md section 3), the caller's own with the card masked, as JSON
 * text written by PostgreSQL; reused while still true (me-cache.ts). The tests parse it with the contract.
 */
export async function getMe(db: DbOrTx, id: number): Promise<JsonText<User>> {
  const text = await meText(db, id);
  if (text === undefined) throw notFound('auth.userNotFound');
  return new JsonText<User>(text);
}

async function listIn(
  db: DbOrTx,
  filter: listRepo.UserListFilter,
  q: Pick<UserListQuery, 'page' | 'per_page' | 'sort' | 'order'>,
  whScope: number[] | null,
): Promise<JsonText<Paged<UserListItem>>> {
  const { data, total } = await listRepo.listPage(
    db,
    filter,
    { sort: q.sort, order: q.order, limit: q.per_page, offset: offsetOf(q.page, q.per_page), withTotal: true },
    whScope,
  );
  return pagedJson<UserListItem>(data, total, q.page, q.per_page);
}

/**
 * GET /api/users: one role's users the actor may see, paged, sorted and searched in SQL.
 * A role the actor may never list is a 403; scoped roles see only users of their warehouses.
 */
export async function listUsers(db: Db, actor: Actor, q: UserListQuery): Promise<JsonText<Paged<UserListItem>>> {
  if (!mayList(actor, q.role)) throw forbidden();
  const scope = await readScopeOf(db, actor);
  if (scope && scope.length === 0) return pagedJson<UserListItem>('[]', 0, q.page, q.per_page);
  return listIn(db, { role: q.role, scope, search: searchTerm(q.search) }, q, scope);
}

/** GET /api/warehouses/{id}/users: the reps or admins of one warehouse the actor may see (404 otherwise). */
export async function listWarehouseUsers(
  db: Db,
  actor: Actor,
  warehouseId: number,
  q: WarehouseUserListQuery,
): Promise<JsonText<Paged<UserListItem>>> {
  const scope = await readScopeOf(db, actor);
  await assertReadableWarehouse(db, actor, warehouseId, scope);
  if (!mayList(actor, q.role)) throw forbidden();
  return listIn(db, { role: q.role, scope: null, warehouseId, search: searchTerm(q.search) }, q, scope);
}

/**
 * GET /api/users/export.csv: checks the role first (so a refusal is a proper 403), then yields
 * every row of the list in its order, a chunk per query.
 */
export async function exportUsers(db: Db, actor: Actor, q: UserExportQuery): Promise<AsyncGenerator<UserListItem[]>> {
  if (!mayList(actor, q.role)) throw forbidden();
  const scope = await readScopeOf(db, actor);
  const filter: listRepo.UserListFilter = { role: q.role, scope, search: searchTerm(q.search) };
  async function* chunks(): AsyncGenerator<UserListItem[]> {
    if (scope && scope.length === 0) return;
    for (let offset = 0; ; offset += EXPORT_CHUNK) {
      const page = { sort: q.sort, order: q.order, limit: EXPORT_CHUNK, offset, withTotal: false };
      const { data } = await listRepo.listPage(db, filter, page, scope);
      const rows = JSON.parse(data) as UserListItem[];
      if (rows.length) yield rows;
      if (rows.length < EXPORT_CHUNK) return;
    }
  }
  return chunks();
}

/** The active user if the actor may see it; 404 otherwise (unknown, deactivated or out of scope alike). */
export async function findReadableUser(db: DbOrTx, actor: Actor, id: number): Promise<UserRow> {
  const target = await findActiveUserById(db, id);
  if (!target || !(await canReadUser(db, actor, { id, role: target.role as Role }))) throw userNotFound();
  return target;
}

/** GET /api/users/{id}: the full card number only for root and admin; a rep's tax data in full for them and the rep. */
export async function getUserDetails(db: Db, actor: Actor, id: number): Promise<UserDetails> {
  await findReadableUser(db, actor, id);
  const v = await repo.selectUserDetails(db, id, {
    whScope: await readScopeOf(db, actor),
    card: seesFullCards(actor) ? 'full' : 'masked',
    taxData: can(actor.role, 'taxData.read') || actor.id === id ? 'full' : 'masked',
  });
  if (!v) throw userNotFound();
  return v;
}

/** Turns a race on a unique index into the same 409 as the checks before it. */
async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'users_email_lower_key') throw new AppError(409, 'users.emailTaken');
    if (constraint === 'users_asseco_id_key') throw new AppError(409, 'users.assecoIdTaken');
    throw err;
  }
}

const outOfScopeWarehouses = () =>
  new AppError(422, 'users.warehouseOutOfScope', {}, { warehouse_ids: ['users.warehouseOutOfScope'] });

async function checkUnique(tx: DbOrTx, email: string, assecoId: string | null, exceptId?: number) {
  if (await repo.emailTaken(tx, email, exceptId)) throw new AppError(409, 'users.emailTaken');
  if (assecoId && (await repo.assecoIdTaken(tx, assecoId, exceptId))) throw new AppError(409, 'users.assecoIdTaken');
}

/**
 * POST /api/users: creates the account (with its warehouses, in the actor's scope) in one
 * transaction, then e-mails its set-password link. A failed e-mail does not undo the account:
 * the answer says so and the link can be sent again.
 */
export async function createUser(
  db: Db,
  mailer: Mailer,
  settings: AuthSettings,
  actor: Actor,
  body: UserBody,
  lang: Lang,
): Promise<{ id: number; mailError?: unknown }> {
  if (!mayManageRole(actor, body.role)) throw forbidden();
  const fields: repo.UserFields = {
    email: body.email,
    name: body.name,
    surname: body.surname,
    role: body.role,
    assecoId: body.assecoId,
    phone: body.phone,
  };
  const id = await mapUnique(() =>
    db.transaction(async (tx) => {
      await checkUnique(tx, body.email, body.assecoId);
      if (!(await lockAssignable(tx, actor, body.warehouse_ids))) throw outOfScopeWarehouses();
      const newId = await repo.insertUser(tx, fields);
      await replaceUserWarehouses(tx, newId, [...new Set(body.warehouse_ids)]);
      await recordChange(tx, { kind: 'user.create', object: 'user', id: newId, ofUser: newId });
      return newId;
    }),
  );
  try {
    await sendSetPasswordLink(db, mailer, settings, { id, email: body.email, name: body.name }, lang);
    return { id };
  } catch (mailError) {
    return { id, mailError };
  }
}

/**
 * PUT /api/auth/profile/{id}: edits a user the actor manages. Optional fields left out of the body
 * keep their value. A scoped actor replaces only the links to its own warehouses; the others stay.
 * A changed e-mail of an activated account is told to the old address (email-change.ts); a failed
 * notice does not undo the edit and comes back as `mailError`.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: number,
  body: UserBody,
  sent: SentFields,
  mail: { mailer: Mailer; lang: Lang },
): Promise<{ mailError?: unknown }> {
  const change = await mapUnique(() =>
    db.transaction(async (tx) => {
      // The wallet before the users row: a credit of this user holds it, then updates the
      // memberships this edit replaces (decision 042).
      await lockMemberWallets(tx, [id], { create: body.warehouse_ids.length > 0 });
      const target = await repo.lockActiveUser(tx, id);
      const current = target ? { id, role: target.role as Role } : undefined;
      if (!target || !current || !(await canReadUser(tx, actor, current))) throw userNotFound();
      if (!(await canManageUser(tx, actor, current))) throw forbidden();
      if (body.role !== current.role) {
        if (actor.id === id) throw new AppError(403, 'users.cannotChangeOwnRole');
        if (!mayManageRole(actor, body.role)) throw forbidden();
      }
      const assecoId = sent.assecoId ? body.assecoId : target.assecoId;
      await checkUnique(tx, body.email, assecoId, id);
      if (!(await lockAssignable(tx, actor, body.warehouse_ids))) throw outOfScopeWarehouses();

      const wanted = [...new Set(body.warehouse_ids)];
      const before = await repo.linkedWarehouseIds(tx, id);
      let links = wanted;
      if (isScoped(actor.role) && body.role !== 'seller') {
        const scope = (await warehouseScopeOf(tx, actor)) ?? [];
        const kept = before.filter((w) => !scope.includes(w));
        links = [...new Set([...kept, ...wanted])];
      }
      const change = emailChangeOf(actor, target, body.email);
      await repo.updateUser(tx, id, {
        email: body.email,
        ...(change ? { emailConfirmed: change.confirmed } : {}),
        name: body.name,
        role: body.role,
        ...(sent.surname ? { surname: body.surname } : {}),
        ...(sent.assecoId ? { assecoId: body.assecoId } : {}),
        ...(sent.phone ? { phone: body.phone } : {}),
      });
      await replaceUserWarehouses(tx, id, links);
      // Seen by the warehouses the person was in and the ones it is in now.
      const warehouseIds = [...new Set([...before, ...links])].sort((a, b) => a - b);
      await recordChange(tx, { kind: 'user.update', object: 'user', id, warehouseIds });
      return change;
    }),
  );
  if (!change) return {};
  try {
    await notifyEmailChange(mail.mailer, mail.lang, change);
    return {};
  } catch (mailError) {
    return { mailError };
  }
}

/**
 * The first account of a database without the demo (ROOT_EMAIL at start-up): a root for `email`,
 * which gets a set-password link. Nothing happens while an active root exists.
 */
export async function createFirstRoot(
  db: Db,
  mailer: Mailer,
  settings: AuthSettings,
  email: string,
  lang: Lang,
): Promise<'present' | 'created' | 'email-taken'> {
  if (await repo.activeRootExists(db)) return 'present';
  if (await repo.emailTaken(db, email)) return 'email-taken';
  const fields: repo.UserFields = { email, name: 'Root', surname: null, role: 'root', assecoId: null, phone: null };
  const id = await mapUnique(() => repo.insertUser(db, fields));
  await sendSetPasswordLink(db, mailer, settings, { id, email, name: fields.name }, lang);
  return 'created';
}

/** DELETE /api/users/{id}: deactivates (sessions end, history and money stay). Never oneself. */
export async function deleteUser(db: Db, actor: Actor, id: number): Promise<void> {
  if (actor.id === id) throw new AppError(403, 'users.cannotDeleteSelf');
  await db.transaction(async (tx) => {
    // The wallet before the users row: deactivating updates the memberships' copies (decision 042).
    await lockMemberWallets(tx, [id], { create: false });
    const target = await repo.lockActiveUser(tx, id);
    const current = target ? { id, role: target.role as Role } : undefined;
    if (!current || !(await canReadUser(tx, actor, current))) throw userNotFound();
    if (!(await canManageUser(tx, actor, current))) throw forbidden();
    const now = new Date();
    await repo.deactivateUser(tx, id, now);
    await endAccess(tx, id, now);
    await recordChange(tx, { kind: 'user.deactivate', object: 'user', id, ofUser: id });
  });
}

/** GET /api/users/{id}/logins: the sign-ins of a user the actor may see, newest first by default. */
export async function listLogins(
  db: Db,
  actor: Actor,
  id: number,
  q: { page: number; per_page: number; sort: 'id' | 'created_at'; order: 'asc' | 'desc' },
): Promise<Paged<LoginRecord>> {
  await findReadableUser(db, actor, id);
  const [total, rows] = await Promise.all([
    repo.countLogins(db, id),
    repo.loginPage(db, id, q.sort, q.order, q.per_page, offsetOf(q.page, q.per_page)),
  ]);
  return paged(
    rows.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString() })),
    total,
    q.page,
    q.per_page,
  );
}

/** For the cards feature: locks the user and keeps users.card_number (searchable, sortable) on the newest card. */
export const lockActiveUser = repo.lockActiveUser;
/** For the start-up: is there an active root account? */
export const rootExists = repo.activeRootExists;
export const setCurrentCardNumber = repo.setCardNumber;
export const currentCardHolder = repo.cardHolder;

/** Personal data on request (decision 063): the privacy module anonymises a deactivated person in its transaction. */
export { anonymiseAccount } from './anonymise.repo.ts';
export type { UserFields } from './users.repo.ts';
/*
 * Bulk onboarding (decision 061): the onboarding module plans a people file against matchPeople
 * and applies it through these writes, inside its own transaction. Roles and scope are its checks.
 */
export {
  type ImportMatch,
  insertPeople,
  matchPeople,
  type PersonUpdate,
  type ProfileUpsert,
  updatePeople,
  upsertProfiles,
} from './users-import.repo.ts';
