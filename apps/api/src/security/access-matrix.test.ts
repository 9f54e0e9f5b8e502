import { ROLES, type Role } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, demoTokens } from '../../test/back-office.ts';
import { apiRoutes, createTestAppWithRoutes, type SeenRoute } from '../../test/routes.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { queryRows } from '../db/query-rows.ts';
import { userWarehouses } from '../db/schema.ts';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.ts';

/*
 * Issue 16 point 3: every API route of the server's own route table, called as every role, on a
 * record inside and one outside the caller's scope. THE TABLE below is the allowed outcome, written
 * from SPEC.md section 6, decisions 008 and 016 (not read from the routes' own declarations, which
 * app.test.ts compares with the policy). Any 2xx the table does not allow fails; so does a route the
 * table does not name, or a row naming a route that is gone.
 */

// ---------------------------------------------------------------- the table

/**
 * A cell, per role:
 * - `all`: 2xx allowed on the record inside its scope and on the one outside;
 * - `in`:  2xx allowed inside its scope only (outside must be 403/404/422);
 * - `-`:   never 2xx.
 * Routes without records have only `ok` / `-`.
 */
type Cell = 'all' | 'in' | 'ok' | '-';
/** Cells in the order root, admin, provider_admin, wholesaler, seller_reg, seller. */
type Cells = readonly [Cell, Cell, Cell, Cell, Cell, Cell];
const ORDER: readonly Role[] = ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'];

/** What a scoped row's `:id` (or body) points at: a user, a warehouse, or a warehouse a new user is put in. */
type Target = 'user' | 'rep' | 'warehouse' | 'freshWarehouse' | 'newUserIn';

interface Row {
  cells: Cells;
  /** Scoped rows: what the record is. */
  target?: Target;
  /** A valid body for the caller and record, so a scope hole shows as a 2xx rather than a 422. */
  body?: (c: Ctx, role: Role, id: number) => unknown | Promise<unknown>;
  /** The call changes or deletes its record (every role's call gets records of its own anyway). */
  consumes?: boolean;
  /** Why, when the spec is not obvious. */
  why?: string;
}

const r = (cells: string, extra: Omit<Row, 'cells'> = {}): Row => ({
  cells: cells.split(/\s+/) as unknown as Cells,
  ...extra,
});

// Cells in each row: root admin provider_admin wholesaler seller_reg(regional manager) seller.
const TABLE: Record<string, Row> = {
  // Public (app.test.ts checks that exactly these are).
  'GET /api/health': r('ok ok ok ok ok ok'),
  'GET /api/ready': r('ok ok ok ok ok ok'),
  'POST /api/login': r('ok ok ok ok ok ok'),
  'POST /api/set-password': r('ok ok ok ok ok ok'),
  'POST /api/forgot-password': r('ok ok ok ok ok ok'),
  'GET /api/images/:hash/:file': r('ok ok ok ok ok ok'),
  'GET /api/settings': r('ok ok ok ok ok ok', { why: 'the footer and the rules page, before sign-in too' }),
  // Session.
  'GET /api/me': r('ok ok ok ok ok ok'),
  // The rep's own profile (issue 30): the session's rep, never an id from the request.
  'GET /api/profile': r('- - - - - ok'),
  'PUT /api/profile': r('- - - - - ok', {
    body: () => ({
      pesel: '44051401359',
      tax_office_code: '1435',
      street: 'ul. Długa 5',
      postcode: '00-950',
      city: 'Łódź',
    }),
  }),
  'POST /api/logout': r('ok ok ok ok ok ok'),

  // Users (decision 008). Reading: oneself, else the roles it sees within its warehouses. Admin sees
  // root (outside = root); a provider admin does not see admins (outside = an admin); scoped roles
  // outside = a rep of another warehouse; a seller outside = another rep.
  'GET /api/users': r('ok ok ok ok ok -', { why: 'lists: back office only (a seller sees nobody)' }),
  'GET /api/users/export.csv': r('ok ok ok ok ok -'),
  'GET /api/users/:id': r('all all in in in in', { target: 'user' }),
  'GET /api/users/:id/logins': r('all all in in in in', { target: 'user' }),
  'GET /api/sales-rep/:id/cards': r('all all in in in in', { target: 'user' }),
  'GET /api/users/:id/quiz': r('all all in in in in', { target: 'user', why: "another user's quiz results" }),
  'GET /api/users/:id/ledger': r('all all - - - -', { target: 'user', why: 'ledger audit: root and admin' }),
  // Managing: admin everyone but root; provider admin no reps (SPEC.md section 6: provider and
  // warehouse admins only; issue 27); scoped roles reps of their warehouses.
  'PUT /api/auth/profile/:id': r('all in - in in -', { target: 'user', body: (c, role, id) => c.userBody(role, id) }),
  'DELETE /api/users/:id': r('all in - in in -', { target: 'user', consumes: true }),
  'POST /api/resend-set-password': r('all in - in in -', {
    target: 'user',
    body: (c, _role, id) => ({ email: c.emailOf(id) }),
  }),
  'POST /api/users': r('all all - in in -', {
    target: 'newUserIn',
    body: (c, _role, warehouseId) => c.newRepBody(warehouseId),
    why: 'a new rep in its own warehouse (scoped roles) or any (root, admin; not a provider admin)',
  }),
  // Cards: root, admin, provider admin add to reps (outside = a user that is no rep, or root's admin).
  'POST /api/card': r('in in in - - -', {
    target: 'rep',
    body: (_c, _role, id) => ({ user_id: id, number: String(4111_0000_0000_0000 + ++seq) }),
  }),

  // Warehouses: the back office reads (scoped roles their own); root and admin create and delete;
  // root, admin and a regional manager (its own) edit.
  'GET /api/warehouses': r('ok ok ok ok ok -'),
  'GET /api/warehouses/export.csv': r('ok ok ok ok ok -'),
  'POST /api/warehouses': r('ok ok - - - -'),
  'GET /api/warehouses/:id': r('all all all in in -', { target: 'warehouse' }),
  'GET /api/warehouses/:id/users': r('all all all in in -', { target: 'warehouse' }),
  'PUT /api/warehouses/:id': r('all all - - in -', {
    target: 'warehouse',
    body: (c, _role, id) => c.warehouseBody(id),
    why: 'SPEC: edit is hidden from provider admins and wholesalers',
  }),
  'DELETE /api/warehouses/:id': r('all all - - - -', { target: 'freshWarehouse', consumes: true }),

  // Money (decision 005 and the wallet issue): a rep's own wallet; payouts and audits for root and admin.
  'POST /api/withdrawal': r('- - - - - ok', { why: 'SPEC: only a seller has the withdraw button' }),
  'GET /api/wallet': r('ok ok - - - ok', { why: 'withdrawals: every one for admins, its own for a rep' }),
  'GET /api/wallet/history': r('- - - - ok ok', { why: 'wallet holders: seller and regional manager' }),
  'POST /api/admin/adjustments': r('ok ok - - - -'),
  'POST /api/payout-batches': r('ok ok - - - -'),
  'GET /api/payout-batches/:id/file': r('ok ok - - - -'),
  'POST /api/payout-batches/:id/paid': r('ok ok - - - -'),
  'POST /api/payout-batches/:id/result': r('ok ok - - - -'),
  'POST /api/withdrawals/:id/paid': r('ok ok - - - -', { why: "another rep's withdrawal: no rep reaches it" }),
  'POST /api/withdrawals/:id/failed': r('ok ok - - - -'),
  'GET /api/admin/ledger/check': r('ok ok - - - -'),
  'GET /api/admin/money-overview': r('ok ok - - - -'),

  // Quizzes: management by root and admin; reps read live quizzes and take them.
  'POST /api/quiz': r('ok ok - - - -'),
  'POST /api/quiz/:id/packed-update': r('ok ok - - - -'),
  'POST /api/quiz/:id/submit-details': r('ok ok - - - -'),
  'DELETE /api/quiz/:id': r('ok ok - - - -'),
  'GET /api/quiz/:id/results': r('ok ok - - - -'),
  'GET /api/quiz/:id/open-answers': r('ok ok - - - -'),
  'GET /api/quiz/:id/results.csv': r('ok ok - - - -'),
  'GET /api/quiz': r('ok ok - - - ok', { why: 'decision 016: admins preview the rep lists' }),
  'GET /api/quiz/:id': r('ok ok - - - ok'),
  'POST /api/quiz/:id/submit': r('- - - - - ok', { why: 'only a rep takes quizzes' }),

  // Articles: SPEC: admin and provider admin use the admin endpoints; reps read published ones.
  'GET /api/admin/articles': r('ok ok ok - - -'),
  'GET /api/admin/articles/:id': r('ok ok ok - - -'),
  'POST /api/admin/articles': r('ok ok ok - - -'),
  'POST /api/admin/articles/:id': r('ok ok ok - - -'),
  'DELETE /api/admin/articles/:id': r('ok ok ok - - -'),
  'POST /api/articles': r('ok ok ok - - -'),
  'POST /api/articles/:id': r('ok ok ok - - -'),
  'DELETE /api/articles/:id': r('ok ok ok - - -'),
  'GET /api/articles': r('ok ok ok - - ok'),
  'GET /api/articles/:id': r('ok ok ok - - ok'),

  // Products: the article and challenge forms' picker; only root and admin edit the catalogue.
  'GET /api/products': r('ok ok ok - - -'),
  'POST /api/products': r('ok ok - - - -'),
  'POST /api/products/:id': r('ok ok - - - -'),

  // Challenges: SPEC: regional managers see challenges; wholesalers get the table too (decision 026).
  'GET /api/challenges': r('ok ok - ok ok -'),
  'GET /api/challenges/:id': r('ok ok - ok ok -'),
  'GET /api/challenges/:id/ranking': r('ok ok - ok ok -'),
  'GET /api/challenges/:id/ranking.csv': r('ok ok - ok ok -'),
  'POST /api/challenges': r('ok ok - - - -'),
  'POST /api/challenges/:id': r('ok ok - - - -'),
  'DELETE /api/challenges/:id': r('ok ok - - - -'),
  'GET /api/challenges/active': r('ok ok - - - ok', { why: "the rep's page (admins preview it)" }),
  'GET /api/challenges/active/:id': r('ok ok - - - ok'),

  // Sales imports: root and admin.
  'POST /api/sales-imports': r('ok ok - - - -'),
  'GET /api/sales-imports': r('ok ok - - - -'),
  'GET /api/sales-imports/:id': r('ok ok - - - -'),
  'GET /api/sales-imports/:id/rejected.csv': r('ok ok - - - -'),
  'POST /api/sales-imports/:id/revert': r('ok ok - - - -'),
  'GET /api/sales-imports/manager-reclaims': r('ok ok - - - -'),
  // Held rows and the plausibility limits (decision 050): the importers' decisions.
  'GET /api/sales-imports/:id/held': r('ok ok - - - -'),
  'POST /api/sales-imports/:id/held/confirm': r('ok ok - - - -'),
  'POST /api/sales-imports/:id/held/reject': r('ok ok - - - -'),
  'GET /api/sales-imports/settings': r('ok ok - - - -'),
  'PUT /api/sales-imports/settings': r('ok ok - - - -'),

  // Programme settings (decision 047): the organiser and the rules belong to the programme's owners.
  'PUT /api/settings': r('ok ok - - - -'),
  // Consent to the rules (issue 30 point 3): anyone signed in accepts the version in force (a seller
  // is the one asked); who accepted which version is root's and admin's.
  'POST /api/rules/accept': r('ok ok ok ok ok ok', { body: () => ({ version: 1 }) }),
  'GET /api/rules/versions': r('ok ok - - - -'),
  'GET /api/rules/acceptances': r('ok ok - - - -', { why: 'with ?version= of the rules in force' }),
  'GET /api/rules/acceptances/export.csv': r('ok ok - - - -'),

  // Bulk onboarding (issue 30 point 1): who creates reps imports them (a wholesaler and a regional
  // manager into their own warehouses; warehouses only root and admin, inside the route); an import
  // is its author's (404 to the other scoped roles). The provider admin creates no reps.
  'POST /api/onboarding/imports': r('ok ok - ok ok -'),
  'GET /api/onboarding/imports': r('ok ok - ok ok -'),
  'GET /api/onboarding/imports/:id': r('ok ok - ok ok -'),
  'GET /api/onboarding/imports/:id/rows': r('ok ok - ok ok -'),
  'POST /api/onboarding/imports/:id/apply': r('ok ok - ok ok -'),
  'POST /api/onboarding/imports/:id/cancel': r('ok ok - ok ok -'),
  'GET /api/onboarding/imports/:id/refused.csv': r('ok ok - ok ok -'),
  'GET /api/onboarding/template': r('ok ok - ok ok -', { why: 'with ?kind=' }),
  'GET /api/invitations': r('ok ok - ok ok -', { why: 'the activation e-mails of the people in scope' }),
  'GET /api/invitations/counts': r('ok ok - ok ok -'),
  'POST /api/invitations/:id/resend': r('ok ok - ok ok -'),
  'POST /api/invitations/resend-failed': r('ok ok - ok ok -'),

  // The year-end tax report (issue 30 point 4): who pays out and reports taxes; a rep's own statement.
  'GET /api/reports/tax-year': r('ok ok - - - -', { why: 'with ?year=' }),
  'GET /api/reports/tax-year/missing': r('ok ok - - - -'),
  'GET /api/reports/tax-year/export': r('ok ok - - - -'),
  'GET /api/profile/statement/years': r('- - - - - ok', { why: 'a rep’s own years; no one else has a statement' }),
  'GET /api/profile/statement': r('- - - - - ok', { why: 'with ?year=: always the signed-in rep’s own' }),

  // Personal data on request (issue 30 point 5): root and admin.
  'GET /api/privacy/people': r('ok ok - - - -', { why: 'with ?search=' }),
  'GET /api/users/:id/personal-data': r('ok ok - - - -'),
  'POST /api/users/:id/anonymise': r('- - - - - -', {
    why: 'user 1 is active: only a deactivated person is anonymised (privacy.test.ts)',
  }),

  // The audit trail (issue 31 point 1): root and admin all of it, a wholesaler and a regional manager
  // their warehouses' events (audit-trail.test.ts proves the scope); nobody else.
  'GET /api/audit': r('ok ok - ok ok -'),
  'GET /api/audit/export.csv': r('ok ok - ok ok -'),
  'GET /api/audit/:id': r('ok ok - - - -', { why: 'event 1 is the seed’s, outside every warehouse' }),

  // Notices (issue 31 point 2): one's own settings (the roles that receive notices), the queue for
  // root and admin; the unsubscribe link is public and its token is the key (notices.test.ts).
  'GET /api/notices/settings': r('ok ok - - - ok'),
  'PUT /api/notices/settings': r('ok ok - - - ok', { body: () => ({ lang: 'pl', kinds: {} }) }),
  'GET /api/notices/unsubscribe': r('- - - - - -', { why: 'without a signed token: 422' }),
  'POST /api/notices/unsubscribe': r('- - - - - -', { why: 'without a signed token: 422' }),
  'GET /api/notices/queue': r('ok ok - - - -'),
  'GET /api/notices/counts': r('ok ok - - - -'),

  // How the programme is doing (issue 31 point 3): the back office (scoped roles their warehouses'
  // reps, programme-stats.test.ts); by default the year so far.
  'GET /api/stats/programme': r('ok ok ok ok ok -'),
  'GET /api/stats/programme/export': r('ok ok ok ok ok -'),
};

// ---------------------------------------------------------------- records

interface Ctx {
  userBody(role: Role, id: number): unknown;
  newRepBody(warehouseId: number): unknown;
  warehouseBody(id: number): Promise<unknown>;
  emailOf(id: number): string;
}

let t: TestApp;
let routes: SeenRoute[];
let tok: Record<Role, string>;
let ids: Record<Role, number>;
/** The warehouse of the demo wholesaler and seller (the regional manager has it too). */
const HOME = 1;
/** A warehouse none of the demo accounts belongs to. */
let foreignWarehouse: number;
const emails = new Map<number, string>();
const homes = new Map<number, number>();
let seq = 0;

const inject = (token: string | undefined, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const ok2xx = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

/** A throw-away user made by root through the API (admins have no warehouse). */
async function newUser(role: 'seller' | 'admin' | 'provider_admin', warehouseId = HOME): Promise<number> {
  seq++;
  const email = `matrix-${seq}-${process.pid}@example.com`;
  const body =
    role === 'seller'
      ? {
          name: 'Mateusz',
          surname: `Macierz${seq}`,
          assecoId: `MX-${process.pid}-${seq}`,
          email,
          warehouse_ids: [warehouseId],
          role,
        }
      : { name: `Macierz${seq}`, email, warehouse_ids: [], role };
  const res = await inject(tok.root, 'POST', '/api/users', body);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`newUser: ${res.statusCode} ${res.body}`);
  const id = res.json<{ id: number }>().id;
  emails.set(id, email);
  if (role === 'seller') homes.set(id, warehouseId);
  return id;
}

async function newWarehouse(): Promise<number> {
  seq++;
  const res = await inject(tok.root, 'POST', '/api/warehouses', {
    assecoId: `MXW-${process.pid}-${seq}`,
    name: `Hurtownia macierzy ${seq}`,
    address: `ul. Macierzowa ${seq}, 00-001 Warszawa`,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`newWarehouse: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

const ctx: Ctx = {
  // A scoped caller tries to pull the rep into its own warehouse; others keep the rep's.
  userBody: (role, id) => {
    const email = emails.get(id);
    const home = homes.get(id);
    if (!email) return { name: 'Ktoś', email: 'nobody@example.com', role: 'admin', warehouse_ids: [] };
    if (home === undefined) return { name: `Zmieniony${id}`, email, role: 'admin', warehouse_ids: [] };
    const scoped = role === 'wholesaler' || role === 'seller_reg';
    return {
      name: 'Zmieniony',
      surname: `Przedstawiciel${id}`,
      assecoId: `MXE-${process.pid}-${id}`,
      email,
      warehouse_ids: [scoped ? HOME : home],
      role: 'seller',
    };
  },
  newRepBody: (warehouseId) => {
    seq++;
    return {
      name: 'Nowy',
      surname: `Przedstawiciel${seq}`,
      assecoId: `MXN-${process.pid}-${seq}`,
      email: `matrix-new-${seq}-${process.pid}@example.com`,
      warehouse_ids: [warehouseId],
      role: 'seller',
    };
  },
  // Its warehouse admins stay (an edit replaces them), so the wholesaler keeps its warehouse.
  warehouseBody: async (id) => ({
    assecoId: `MXU-${process.pid}-${id}`,
    name: `Hurtownia zmieniona ${id}`,
    address: 'ul. Zmieniona 1, 00-001 Warszawa',
    admins_ids: (
      await queryRows<{ id: number }>(
        t.db,
        sql`select u.id from users u join user_warehouses uw on uw.user_id = u.id
          where uw.warehouse_id = ${id} and u.role = 'wholesaler' and u.deleted_at is null`,
      )
    ).map((u) => u.id),
  }),
  emailOf: (id) => emails.get(id) ?? 'nobody@example.com',
};

/** The records a role's call reaches: one inside its scope, one outside (null: no such record). */
async function targets(target: Target, role: Role): Promise<{ in: number; out: number | null }> {
  const scoped = role === 'wholesaler' || role === 'seller_reg';
  if (target === 'user' || target === 'rep') {
    // Reads reach the long-lived records; writes get fresh ones.
    if (role === 'seller') return { in: ids.seller, out: await newUser('seller', foreignWarehouse) };
    const inside = await newUser('seller', scoped ? HOME : foreignWarehouse);
    // Outside: a rep of another warehouse (scoped roles); root (admin reads it, manages it not); an
    // admin (a provider admin sees none; root reaches everyone, so its "outside" is only no rep for cards).
    const outside = scoped
      ? await newUser('seller', foreignWarehouse)
      : role === 'admin' && target === 'user'
        ? ids.root
        : await newUser('admin');
    return { in: inside, out: outside };
  }
  if (target === 'freshWarehouse') {
    const inside = await newWarehouse();
    if (scoped) await t.db.insert(userWarehouses).values({ userId: ids[role], warehouseId: inside });
    return { in: inside, out: await newWarehouse() };
  }
  // A warehouse, or the warehouse a new user is put in.
  return { in: scoped ? HOME : foreignWarehouse, out: role === 'seller' ? null : scoped ? foreignWarehouse : HOME };
}

// ---------------------------------------------------------------- the run

const key = (r: SeenRoute) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;
const concrete = (url: string, id: number) =>
  url
    .replace(':hash', 'a'.repeat(64))
    .replace(':file', '320.webp')
    .replace(/:[A-Za-z_]+/g, String(id));

beforeAll(async () => {
  ({ t, routes } = await createTestAppWithRoutes());
  ids = await demoIds(t.db);
  const [w] = await queryRows<{ id: number }>(
    t.db,
    sql`select w.id from warehouses w where w.deleted_at is null and not exists (
      select 1 from user_warehouses uw where uw.warehouse_id = w.id and uw.user_id in (${ids.wholesaler}, ${ids.seller_reg}, ${ids.seller}))
      order by w.id limit 1`,
  );
  if (!w) throw new Error('the demo seed has no foreign warehouse');
  foreignWarehouse = Number(w.id);
  tok = await demoTokens(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('access-control matrix (issue 16 point 3)', () => {
  it('names every API route of the server, and no route that is gone', () => {
    const served = new Set(apiRoutes(routes).map(key));
    const missing = [...served].filter((k) => !(k in TABLE));
    expect(missing, `routes the table does not name (add a row): ${missing.join(', ')}`).toEqual([]);
    const gone = Object.keys(TABLE).filter((k) => !served.has(k));
    expect(gone, `rows of routes the server no longer has: ${gone.join(', ')}`).toEqual([]);
    for (const [k, row] of Object.entries(TABLE)) {
      expect(row.cells, k).toHaveLength(ROLES.length);
      for (const cell of row.cells) expect(row.target ? ['all', 'in', '-'] : ['ok', '-'], k).toContain(cell);
    }
  });

  it('gives no role a 2xx the table does not allow, inside or outside its scope', async () => {
    const wrong: string[] = [];
    const counts = { calls: 0, refused: 0, scopedRefusedOutside: 0, allowed2xx: 0 };
    for (const route of apiRoutes(routes)) {
      const row = TABLE[key(route)];
      if (!row) continue;
      const write = route.method !== 'GET' && route.method !== 'HEAD';
      for (const role of ROLES) {
        const cell = row.cells[ORDER.indexOf(role)] as Cell;
        // The logout row signs out a token of its own, so the role's token lives on.
        const token = route.url === '/api/logout' ? await t.login(emailOfRole(role)) : tok[role];
        const calls: { scope: 'in' | 'out' | 'none'; id: number }[] = [];
        if (row.target) {
          const tg = await targets(row.target, role);
          calls.push({ scope: 'in', id: tg.in });
          if (tg.out !== null) calls.push({ scope: 'out', id: tg.out });
        } else calls.push({ scope: 'none', id: 1 });
        for (const c of calls) {
          const bodyTarget =
            row.target === 'newUserIn' || route.url === '/api/resend-set-password' || route.url === '/api/card';
          const url = bodyTarget ? route.url : concrete(route.url, c.id);
          const payload = write ? (row.body ? await row.body(ctx, role, c.id) : {}) : undefined;
          const res = await inject(token, route.method, url, payload);
          counts.calls++;
          const allowed = cell === 'ok' || cell === 'all' || (cell === 'in' && c.scope === 'in');
          const tag = `${role} ${route.method} ${route.url} [${c.scope}] -> ${res.statusCode}`;
          if (res.statusCode >= 500) wrong.push(`${tag} (5xx) ${res.body.slice(0, 200)}`);
          else if (ok2xx(res) && !allowed) wrong.push(`${tag}: 2xx the table does not allow`);
          else if (!ok2xx(res) && allowed && row.target && (!write || row.body || row.consumes))
            // A scoped row with a valid body: the allowed side must really work, or the refusals prove nothing.
            wrong.push(`${tag}: refused although the table allows it ${res.body.slice(0, 200)}`);
          if (!ok2xx(res)) counts.refused++;
          if (ok2xx(res)) counts.allowed2xx++;
          if (!ok2xx(res) && c.scope === 'out') counts.scopedRefusedOutside++;
        }
      }
    }
    console.info(`access matrix: ${apiRoutes(routes).length} routes, ${ROLES.length} roles, ${JSON.stringify(counts)}`);
    expect(wrong).toEqual([]);
    expect(counts.scopedRefusedOutside).toBeGreaterThan(50);
  }, 600_000);
});

function emailOfRole(role: Role): string {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo account for ${role}`);
  return account.email;
}
