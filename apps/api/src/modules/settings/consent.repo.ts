import type { RulesAcceptanceExportQuery, RulesAcceptanceRow, RulesVersion } from '@incentive/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { programmeRules, rulesAcceptances, users } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { isoSql } from '../../lib/sql-json.ts';

/** The reps asked to accept each version: active sellers (issue 30 point 3). */
const activeRep = sql`${users.role} = 'seller' and ${users.deletedAt} is null`;

/** The version in force: the newest. */
export async function currentRulesId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ id: programmeRules.id })
    .from(programmeRules)
    .orderBy(desc(programmeRules.id))
    .limit(1);
  return row?.id;
}

export async function rulesExist(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: programmeRules.id }).from(programmeRules).where(eq(programmeRules.id, id));
  return row !== undefined;
}

/** Records that the person accepted this version (a second acceptance of the same keeps the first). */
export async function recordAcceptance(tx: DbOrTx, userId: number, rulesId: number): Promise<void> {
  await tx.insert(rulesAcceptances).values({ userId, rulesId }).onConflictDoNothing();
}

/**
 * GET /api/me's `rules_to_accept` for the current `users` row: the newest version when the row is a
 * rep that has not accepted it, else null. Part of the users module's statement (startup/rules-consent.ts).
 */
export function rulesToAcceptSql(user: { id: typeof users.id; role: typeof users.role }): SQL {
  return sql`(select json_build_object('version', r.id, 'published_at', ${isoSql(sql`r.created_at`)}) from (select ${programmeRules.id} as id, ${programmeRules.createdAt} as created_at from ${programmeRules} order by ${programmeRules.id} desc limit 1) as r where ${user.role} = 'seller' and not exists (select 1 from ${rulesAcceptances} where ${rulesAcceptances.userId} = ${user.id} and ${rulesAcceptances.rulesId} = r.id))`;
}

/** Every version, newest first, with the active reps that accepted it out of all of them. */
export async function versions(db: DbOrTx): Promise<RulesVersion[]> {
  const [{ reps } = { reps: 0 }] = await db.select({ reps: sql<number>`count(*)::int` }).from(users).where(activeRep);
  // Raw SQL: in a one-table select the builder writes the outer columns unqualified, and the
  // subquery would read its own join's "id".
  const rows = await queryRows<{ id: number; created_at: string; accepted: number }>(
    db,
    sql`select r.id, ${isoSql(sql`r.created_at`)} as created_at, (select count(*)::int from ${rulesAcceptances} inner join ${users} on ${users.id} = ${rulesAcceptances.userId} where ${rulesAcceptances.rulesId} = r.id and ${activeRep}) as accepted from ${programmeRules} as r order by r.id desc`,
  );
  return rows.map((r, i) => ({
    version: r.id,
    published_at: r.created_at,
    accepted: r.accepted,
    reps,
    current: i === 0,
  }));
}

function filters(q: RulesAcceptanceExportQuery): SQL {
  const parts: SQL[] = [activeRep];
  if (q.status === 'accepted') parts.push(sql`a.accepted_at is not null`);
  if (q.status === 'pending') parts.push(sql`a.accepted_at is null`);
  const search = q.search?.trim();
  if (search) {
    parts.push(
      sql`lower(${users.name} || ' ' || coalesce(${users.surname}, '') || ' ' || ${users.email}) like ${containsPattern(search)}`,
    );
  }
  return and(...parts) as SQL;
}

/** The active reps with their acceptance of one version (null: not accepted), sorted and paged. */
export async function acceptances(
  db: DbOrTx,
  q: RulesAcceptanceExportQuery,
  page?: { limit: number; offset: number },
): Promise<{ rows: RulesAcceptanceRow[]; total: number }> {
  const joined = sql`${users} left join ${rulesAcceptances} as a on a.user_id = ${users.id} and a.rules_id = ${q.version}`;
  const order =
    q.sort === 'accepted_at'
      ? sql`a.accepted_at ${direction(q.order)} nulls last, ${users.id}`
      : sql`${users.surnameKey} ${direction(q.order)}, ${users.nameKey} ${direction(q.order)}, ${users.id}`;
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await queryRows<RulesAcceptanceRow & { total: number }>(
    db,
    sql`select ${users.id} as id, ${users.name} as name, ${users.surname} as surname, ${users.email} as email, ${isoSql(sql`a.accepted_at`)} as accepted_at, count(*) over ()::int as total from ${joined} where ${filters(q)} order by ${order} ${limit}`,
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}
