import { auditEventDetailsSchema, auditPageSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_ROUTES } from '../../../test/audit-routes.ts';
import { demoIds, demoTokens, OWN_WAREHOUSES } from '../../../test/back-office.ts';
import { userPool } from '../../../test/fixtures.ts';
import { apiRoutes, createTestAppWithRoutes } from '../../../test/routes.ts';
import { bearer, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';

/*
 * Issue 31 point 1 (decision 064): the audit trail. Every test app already checks each successful
 * write against test/audit-routes.ts (exactly one event of its kind); this file holds that table
 * against the server's route table, and proves what an event holds (who, from where, before and
 * after, no secrets), that the trail cannot be changed, and its page, filters, scope and CSV.
 */

let t: TestApp;
let writeRoutes: string[];
let tok: Awaited<ReturnType<typeof demoTokens>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let take: ReturnType<typeof userPool>;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'x-forwarded-for': '203.0.113.7' },
    ...(payload ? { payload } : {}),
  });

const lastEvent = async (kind: string) => {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id::int as id from audit_events where kind = ${kind} order by id desc limit 1`,
  );
  if (!row) throw new Error(`no ${kind} event`);
  const res = await call(tok.admin, 'GET', `/api/audit/${row.id}`);
  expect(res.statusCode).toBe(200);
  return auditEventDetailsSchema.parse(res.json());
};

beforeAll(async () => {
  const made = await createTestAppWithRoutes({ env: { TRUST_PROXY: 'true' } });
  t = made.t;
  writeRoutes = apiRoutes(made.routes)
    .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
    .map((r) => `${r.method} ${r.url}`);
  tok = await demoTokens(t);
  ids = await demoIds(t.db);
  take = userPool(t.db);
});
afterAll(async () => t?.close());

describe('every write route is in the audit table', () => {
  it('names each write route of the server, and no route that is gone', () => {
    expect([...writeRoutes].sort()).toEqual(Object.keys(AUDITED_ROUTES).sort());
  });
});

describe('what an event holds', () => {
  it('a warehouse edit: who, from which address, and the columns before and after', async () => {
    const wh = await call(tok.admin, 'GET', '/api/warehouses/2');
    const before = wh.json<{
      name: string;
      asseco_id: string;
      address: string;
      nip: string | null;
      email: string | null;
    }>();
    const admins = await queryRows<{ id: number }>(
      t.db,
      sql`select u.id from users u join user_warehouses uw on uw.user_id = u.id
          where uw.warehouse_id = 2 and u.role = 'wholesaler' and u.deleted_at is null`,
    );
    const res = await call(tok.admin, 'PUT', '/api/warehouses/2', {
      assecoId: before.asseco_id,
      name: `${before.name} (audyt)`,
      address: before.address,
      nip: before.nip,
      email: before.email,
      admins_ids: admins.map((a) => a.id),
    });
    expect(res.statusCode).toBe(200);
    const e = await lastEvent('warehouse.update');
    expect(e.actor).toMatchObject({ id: ids.admin, role: 'admin' });
    expect(e.ip).toBe('203.0.113.7');
    expect(e.object_type).toBe('warehouse');
    expect(e.object_id).toBe(2);
    expect(e.object_name).toBe(`${before.name} (audyt)`);
    const row = e.changes.find((c) => c.table === 'warehouses');
    expect(row).toMatchObject({ op: 'update', key: '2' });
    expect(row?.before).toEqual({ name: before.name });
    expect(row?.after).toEqual({ name: `${before.name} (audyt)` });
  });

  it('masks personal data, keeps secrets out, and records a back-office sign-in but not a rep’s', async () => {
    const rep = await take({ role: 'seller', activated: true, inWarehouses: [1] });
    const repToken = await t.login(rep.email);
    const signIns = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from audit_events where kind = 'auth.signIn' and object_id = ${rep.id}`,
        )
      )[0]?.n;
    expect(await signIns()).toBe(0);

    const card = await call(tok.admin, 'POST', '/api/card', { user_id: rep.id, number: '4111222233334444' });
    expect(card.statusCode).toBe(201);
    const cardEvent = await lastEvent('user.cardAdd');
    expect(cardEvent.object_id).toBe(rep.id);
    expect(cardEvent.changes.find((c) => c.table === 'cards')?.after?.number).toBe('•••4444');
    expect(cardEvent.changes.find((c) => c.table === 'users')?.after).toEqual({ card_number: '•••4444' });

    const profile = await call(repToken, 'PUT', '/api/profile', {
      pesel: '44051401359',
      tax_office_code: '1435',
      street: 'ul. Długa 5',
      postcode: '00-950',
      city: 'Łódź',
    });
    expect(profile.statusCode).toBe(200);
    const taxEvent = await lastEvent('profile.update');
    expect(taxEvent.actor?.id).toBe(rep.id);
    const taxRow = taxEvent.changes.find((c) => c.table === 'rep_profiles');
    expect(taxRow?.after).toMatchObject({ pesel: '•••1359', street: 'u•••', city: 'Łódź', tax_office_code: '1435' });

    const everything = await queryRows<{ text: string }>(
      t.db,
      sql`select coalesce(before::text, '') || coalesce(after::text, '') as text from audit_changes`,
    );
    const all = everything.map((r) => r.text).join('\n');
    expect(all).not.toContain('44051401359');
    expect(all).not.toContain('4111222233334444');
    expect(all).not.toContain('password_hash');
    expect(all).not.toMatch(/scrypt|\$[0-9a-f]{16,}/);

    await t.login('wholesaler@example.com');
    const [signIn] = await queryRows<{ ip: string | null; actor_id: number }>(
      t.db,
      sql`select ip, actor_id from audit_events where kind = 'auth.signIn' order by id desc limit 1`,
    );
    expect(signIn?.actor_id).toBe(ids.wholesaler);
  });

  it('records a sales import applied by the job on behalf of who uploaded it', async () => {
    const [row] = await queryRows<{ actor_id: number | null; request_id: string | null }>(
      t.db,
      sql`select actor_id, request_id from audit_events where kind = 'salesImport.apply' order by id desc limit 1`,
    );
    // The demo seed applies its sales through the same steps, on behalf of its admin.
    expect(row?.request_id ?? null).toBeNull();
    expect(row?.actor_id).not.toBeNull();
  });
});

describe('append-only', () => {
  it.each(['audit_events', 'audit_changes'])('%s refuses updates, deletes and truncation', async (table) => {
    const refused = async (statement: string) => {
      const err = await t.db.execute(sql.raw(statement)).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(`${err?.message} ${err?.cause?.message}`).toMatch(/append-only/);
    };
    await refused(`update ${table} set id = id`);
    await refused(`delete from ${table}`);
    await refused(`truncate ${table}`);
  });
});

describe('GET /api/audit', () => {
  it('pages newest first and filters by kind, object, person and Warsaw days', async () => {
    const all = auditPageSchema.parse((await call(tok.admin, 'GET', '/api/audit?per_page=10')).json());
    expect(all.total).toBeGreaterThan(0);
    const idsShown = all.data.map((e) => e.id);
    expect(idsShown).toEqual([...idsShown].sort((a, b) => b - a));

    const byKind = auditPageSchema.parse((await call(tok.admin, 'GET', '/api/audit?kind=warehouse.update')).json());
    expect(byKind.data.length).toBeGreaterThan(0);
    expect(byKind.data.every((e) => e.kind === 'warehouse.update')).toBe(true);

    const byObject = auditPageSchema.parse(
      (await call(tok.admin, 'GET', '/api/audit?object_type=warehouse&object_id=2')).json(),
    );
    expect(byObject.data.every((e) => e.object_type === 'warehouse' && e.object_id === 2)).toBe(true);

    const byActor = auditPageSchema.parse((await call(tok.admin, 'GET', `/api/audit?actor_id=${ids.admin}`)).json());
    expect(byActor.data.every((e) => e.actor?.id === ids.admin)).toBe(true);

    const future = auditPageSchema.parse((await call(tok.admin, 'GET', '/api/audit?from=2099-01-01')).json());
    expect(future.total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    const todays = auditPageSchema.parse((await call(tok.admin, 'GET', `/api/audit?from=${today}&to=${today}`)).json());
    expect(todays.total).toBeGreaterThan(0);
  });

  it.each([
    ['kind=user.explode', 'kind'],
    ['from=2026-02-30', 'from'],
    ['from=2026-05-02&to=2026-05-01', 'to'],
    ['object_id=5', 'object_id'],
    ['object_type=spaceship', 'object_type'],
    ['actor_id=-1', 'actor_id'],
    ['per_page=7', 'per_page'],
  ])('refuses %s with a 422 naming %s', async (query, field) => {
    const res = await call(tok.admin, 'GET', `/api/audit?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
  });

  it('shows a wholesaler the events of its warehouses only, without addresses; a rep none', async () => {
    const own = auditPageSchema.parse((await call(tok.wholesaler, 'GET', '/api/audit?per_page=100')).json());
    expect(own.total).toBeGreaterThan(0);
    expect(own.data.every((e) => e.ip === null)).toBe(true);
    // The warehouse edit above was in warehouse 2, which the demo wholesaler does not have.
    expect(own.data.some((e) => e.kind === 'warehouse.update' && e.object_id === 2)).toBe(false);
    const [foreign] = await queryRows<{ id: number }>(
      t.db,
      sql`select id::int as id from audit_events where kind = 'warehouse.update' and object_id = 2 limit 1`,
    );
    expect((await call(tok.wholesaler, 'GET', `/api/audit/${foreign?.id}`)).statusCode).toBe(404);
    // The regional manager has warehouses 1-3: it sees the edit.
    expect(OWN_WAREHOUSES).toContain(2);
    expect((await call(tok.seller_reg, 'GET', `/api/audit/${foreign?.id}`)).statusCode).toBe(200);
    expect((await call(tok.seller, 'GET', '/api/audit')).statusCode).toBe(403);
    expect((await call(tok.provider_admin, 'GET', '/api/audit')).statusCode).toBe(403);
  });

  it('exports the filtered events as CSV with their changes', async () => {
    const res = await call(tok.admin, 'GET', '/api/audit/export.csv?kind=warehouse.update');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      'id;at;actor_id;actor;actor_role;ip;kind;object_type;object_id;object_name;details;changes',
    );
    expect(text).toContain('warehouse.update');
    expect(text).toContain('(audyt)');
    expect(text).toContain('203.0.113.7');
  });
});
