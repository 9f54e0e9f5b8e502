import {
  AUDIT_CHANGES_SHOWN,
  AUDIT_EXPORT_MAX,
  type AuditChange,
  type AuditEvent,
  type AuditEventDetails,
  type AuditExportQuery,
  type AuditListQuery,
  type Paged,
  WARSAW_TIME_ZONE,
} from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  articles,
  auditChanges,
  auditEvents,
  challenges,
  products,
  quizzes,
  users,
  userWarehouses,
  warehouses,
} from '../../db/schema.ts';
import { intArray } from '../../lib/sql-array.ts';

/*
 * Reading the trail. Names of people and objects are joined from their owners' tables (read models,
 * db/owners.ts) as they are now: an anonymised person shows as anonymised, a renamed quiz by its
 * new name (the events' changes keep the values of the time).
 */

export interface NewEvent {
  actorId: number | null;
  actorRole: string | null;
  ip: string | null;
  requestId: string | null;
  kind: string;
  objectType: string;
  objectId: number | null;
  warehouseIds?: readonly number[];
  ofUser?: number;
  details?: Record<string, unknown>;
}

/**
 * The event row, with the id the transaction's first audited row change took (the audit_row
 * trigger keeps it in the transaction-local setting audit.event), or a new one when it changed no
 * audited row; the setting is cleared, so the next event of the transaction gets its own.
 */
export async function insertEvent(tx: DbOrTx, e: NewEvent): Promise<void> {
  const warehouseIds =
    e.ofUser !== undefined
      ? sql`(select array_agg(${userWarehouses.warehouseId} order by ${userWarehouses.warehouseId}) from ${userWarehouses} where ${userWarehouses.userId} = ${e.ofUser})`
      : e.warehouseIds
        ? intArray(e.warehouseIds)
        : sql`null`;
  await tx.execute(sql`
    insert into ${auditEvents} (id, actor_id, actor_role, ip, request_id, kind, object_type, object_id, warehouse_ids, details)
    values (
      coalesce(nullif(current_setting('audit.event', true), '')::bigint, nextval('audit_events_id_seq')),
      ${e.actorId}, ${e.actorRole}, ${e.ip}, ${e.requestId}, ${e.kind}, ${e.objectType}, ${e.objectId},
      ${warehouseIds}, ${e.details ? JSON.stringify(e.details) : null}::jsonb
    )
    returning set_config('audit.event', '', true)`);
}

type Filters = Partial<Omit<AuditExportQuery, 'sort'>>;

function where(scope: number[] | null, q: Filters): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope) parts.push(sql`e.warehouse_ids && ${intArray(scope)}`);
  if (q.actor_id !== undefined) parts.push(sql`e.actor_id = ${q.actor_id}`);
  if (q.object_type !== undefined) parts.push(sql`e.object_type = ${q.object_type}`);
  if (q.object_id !== undefined) parts.push(sql`e.object_id = ${q.object_id}`);
  if (q.kind !== undefined) parts.push(sql`e.kind = ${q.kind}`);
  // Warsaw days, both included.
  if (q.from) parts.push(sql`e.at >= (${q.from}::date)::timestamp at time zone ${WARSAW_TIME_ZONE}`);
  if (q.to) parts.push(sql`e.at < (${q.to}::date + 1)::timestamp at time zone ${WARSAW_TIME_ZONE}`);
  return sql.join(parts, sql` and `);
}

/** The event's columns as the API answers them (AuditEvent), from `e` joined with its actor `a`. */
const eventColumns = sql`
  e.id::int as id,
  to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
  case when a.id is null then null
       else json_build_object('id', a.id, 'name', trim(a.name || ' ' || coalesce(a.surname, '')), 'role', coalesce(e.actor_role, a.role)) end as actor,
  e.ip, e.kind, e.object_type, e.object_id::int as object_id,
  case e.object_type
    when 'user' then (select trim(u.name || ' ' || coalesce(u.surname, '')) from ${users} u where u.id = e.object_id)
    when 'warehouse' then (select w.name from ${warehouses} w where w.id = e.object_id)
    when 'quiz' then (select q.name from ${quizzes} q where q.id = e.object_id)
    when 'article' then (select ar.title from ${articles} ar where ar.id = e.object_id)
    when 'challenge' then (select c.name from ${challenges} c where c.id = e.object_id)
    when 'product' then (select p.name from ${products} p where p.id = e.object_id)
  end as object_name,
  e.details,
  (select count(*)::int from ${auditChanges} c where c.event_id = e.id) as changes_count`;

export async function pageOfEvents(db: DbOrTx, scope: number[] | null, q: AuditListQuery): Promise<Paged<AuditEvent>> {
  const filter = where(scope, q);
  const order = q.order === 'asc' ? sql`e.id asc` : sql`e.id desc`;
  // One statement: the page and the total (a window count over the filtered events would read them all twice).
  const [row] = await queryRows<{ total: number; data: AuditEvent[] | null }>(
    db,
    sql`
      with page as (
        select ${eventColumns}
        from ${auditEvents} e left join ${users} a on a.id = e.actor_id
        where ${filter}
        order by ${order}
        limit ${q.per_page} offset ${(q.page - 1) * q.per_page}
      )
      select (select count(*)::int from ${auditEvents} e where ${filter}) as total,
             (select json_agg(page order by page.id ${q.order === 'asc' ? sql`asc` : sql`desc`}) from page) as data`,
  );
  const total = row?.total ?? 0;
  return {
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    total,
    data: row?.data ?? [],
  };
}

export async function eventWithChanges(
  db: DbOrTx,
  scope: number[] | null,
  id: number,
): Promise<AuditEventDetails | undefined> {
  const [row] = await queryRows<AuditEventDetails>(
    db,
    sql`
      select ${eventColumns},
        coalesce((select json_agg(json_build_object('id', c.id, 'table', c.table_name, 'key', c.row_key, 'op', c.op,
                                                    'before', c.before, 'after', c.after) order by c.id)
                  from (select * from ${auditChanges} c where c.event_id = e.id order by c.id limit ${AUDIT_CHANGES_SHOWN}) c),
                 '[]'::json) as changes
      from ${auditEvents} e left join ${users} a on a.id = e.actor_id
      where e.id = ${id} and ${where(scope, {})}`,
  );
  return row;
}

export interface ExportRow extends AuditEvent {
  changes: AuditChange[];
}

const EXPORT_CHUNK = 2_000;

/**
 * Every matching event in id order (newest first unless `order=asc`), up to AUDIT_EXPORT_MAX, each
 * with its first 20 changed rows: read in chunks after the last id, so a large export never sits in
 * memory whole.
 */
export async function* exportChunks(
  db: DbOrTx,
  scope: number[] | null,
  q: AuditExportQuery,
): AsyncGenerator<ExportRow[]> {
  const asc = q.order === 'asc';
  let after: number | null = null;
  for (let read = 0; read < AUDIT_EXPORT_MAX; ) {
    const take = Math.min(EXPORT_CHUNK, AUDIT_EXPORT_MAX - read);
    const rows: ExportRow[] = await queryRows<ExportRow>(
      db,
      sql`
        select ${eventColumns},
          coalesce((select json_agg(json_build_object('id', c.id, 'table', c.table_name, 'key', c.row_key, 'op', c.op,
                                                      'before', c.before, 'after', c.after) order by c.id)
                    from (select * from ${auditChanges} c where c.event_id = e.id order by c.id limit 20) c),
                   '[]'::json) as changes
        from ${auditEvents} e left join ${users} a on a.id = e.actor_id
        where ${where(scope, q)} ${after === null ? sql`` : asc ? sql`and e.id > ${after}` : sql`and e.id < ${after}`}
        order by ${asc ? sql`e.id asc` : sql`e.id desc`}
        limit ${take}`,
    );
    if (rows.length === 0) return;
    yield rows;
    read += rows.length;
    after = rows[rows.length - 1]?.id ?? null;
    if (rows.length < take) return;
  }
}
