import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COLUMN_WRITES, type OwnerModule, READ_MODELS, TABLE_OWNERS, type TableName } from '../src/db/owners.ts';
import * as schema from '../src/db/schema.ts';

/*
 * A module owns its tables (docs/decisions/052-modules-own-their-tables.md): the SQL of a module
 * (every non-test file under modules/<module>/) names only the tables apps/api/src/db/owners.ts gives
 * it, and another module's table only to read it through a read model its owner opens (READ_MODELS).
 * Writing or locking another module's table has no exception: the owner exports the statement part
 * (its `<owner>.shared.repo.ts`) or a service function.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modulesDir = path.join(root, 'apps/api/src/modules');

/** The schema's exports that stand for a table: the tables, and the expression helpers of one table. */
const exportToTable = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) if (isTable(value)) exportToTable.set(name, getTableName(value));
exportToTable.set('userSearchText', 'users');
exportToTable.set('userSortKeys', 'users');
exportToTable.set('warehouseSearchText', 'warehouses');

const owners: Record<string, OwnerModule> = TABLE_OWNERS;
const tableNames = new Set(exportToTable.values());

interface Naming {
  file: string;
  module: string;
  table: string;
  how: 'reads' | 'writes' | 'locks';
  /** For a drizzle update, the columns it sets (the keys of `.set({...})`). */
  columns?: string[];
}

/** The code of a file without its comments (a comment may say "from users" in English). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Every table a file's SQL names, and how: raw SQL in templates, and drizzle builders over schema imports. */
export function tablesNamed(file: string, text: string): Naming[] {
  const module = file.split('/')[0] ?? '';
  const src = code(text);
  const out: Naming[] = [];
  const add = (table: string, how: Naming['how']) => {
    if (tableNames.has(table)) out.push({ file, module, table, how });
  };
  // Drizzle: the schema's values imported by name; writes through insert/update/delete builders.
  const imported = new Map<string, string>();
  for (const m of src.matchAll(/^import (?!type )\{([^}]*)\} from '[./]*db\/schema\.ts';/gm)) {
    for (const name of (m[1] ?? '').split(',').map((s) => s.trim())) {
      const table = exportToTable.get(name);
      if (table && !name.startsWith('type ')) imported.set(name, table);
    }
  }
  for (const [name, table] of imported) {
    const writes = new RegExp(`\\.(?:insert|delete)\\(${name}\\)|(?:insert into|update|delete from) \\$\\{${name}\\}`);
    const updates = [
      ...src.matchAll(
        new RegExp(`\\.update\\(${name}\\)\\s*(?:\\/\\/[^\\n]*\\s*)*\\.set\\(\\{([\\s\\S]*?)\\}\\)`, 'g'),
      ),
    ];
    for (const u of updates) {
      const columns = [...(u[1] ?? '').matchAll(/(?:^|[{,])\s*(\w+)\s*(?=[:,}]|$)/g)].map((c) => c[1] ?? '');
      out.push({ file, module, table, how: 'writes', columns });
    }
    if (writes.test(src)) add(table, 'writes');
    else if (updates.length === 0) add(table, 'reads');
  }
  // Raw SQL: the tables after from / join / into / update / delete from, and the locks of `for update`.
  for (const m of src.matchAll(/\b(insert\s+into|update|delete\s+from|from|join)\s+"?([a-z_]+)"?/gi)) {
    const verb = (m[1] ?? '').toLowerCase();
    add((m[2] ?? '').toLowerCase(), verb === 'from' || verb === 'join' ? 'reads' : 'writes');
  }
  for (const literal of src.matchAll(/`[^`]*`/g)) {
    for (const lock of literal[0].matchAll(/for update/gi)) {
      const before = literal[0].slice(0, lock.index);
      const last = [...before.matchAll(/\bfrom\s+"?([a-z_]+)"?/gi)].at(-1);
      if (last) add((last[1] ?? '').toLowerCase(), 'locks');
    }
  }
  return out;
}

function moduleSql(): Naming[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .flatMap((f) => tablesNamed(f.split(path.sep).join('/'), readFileSync(path.join(modulesDir, f), 'utf8')));
}

const readable = (reader: string, table: string) =>
  READ_MODELS.some((r) => r.readers.includes(reader as OwnerModule) && r.tables.includes(table as TableName));

/** Why a naming breaks the rule, and how to fix it, or null when the module may name the table so. */
export function breach(n: Naming): string | null {
  const owner = owners[n.table];
  if (owner === n.module) return null;
  if (owner === undefined) return `${n.file}: table ${n.table} has no owner: give it one in apps/api/src/db/owners.ts`;
  if (n.how === 'reads' && readable(n.module, n.table)) return null;
  const granted = COLUMN_WRITES.find((w) => w.writer === n.module && w.table === n.table);
  if (n.how === 'writes' && granted && n.columns?.every((c) => granted.columns.includes(c))) return null;
  if (n.how === 'reads') {
    return (
      `${n.file}: module ${n.module} reads ${n.table}, owned by ${owner}: call a function of ${owner}'s service, ` +
      `embed a part ${owner}/${owner}.shared.repo.ts exports, or (for a joined read a list needs) add ${n.module} ` +
      `to the readers of a read model of ${owner} in apps/api/src/db/owners.ts, saying why`
    );
  }
  return (
    `${n.file}: module ${n.module} ${n.how} ${n.table}, owned by ${owner}: only ${owner} writes or locks it; ` +
    `call a function of ${owner}'s service or embed a statement part ${owner}/${owner}.shared.repo.ts exports`
  );
}

describe('table owners', () => {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it('gives every table of schema.ts exactly one owner, a module that exists', () => {
    expect([...tableNames].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
    for (const [table, owner] of Object.entries(owners)) expect(modules, `${table} → ${owner}`).toContain(owner);
  });

  it('opens read models only of tables their owner owns, to modules that exist, with a reason', () => {
    for (const r of READ_MODELS) {
      for (const t of r.tables) expect(owners[t], `${t} in a read model of ${r.owner}`).toBe(r.owner);
      for (const reader of r.readers) {
        expect(modules).toContain(reader);
        expect(reader).not.toBe(r.owner);
      }
      expect(r.why.length).toBeGreaterThan(40);
    }
  });

  it("finds the tables in a module's SQL", () => {
    const named = moduleSql();
    expect(named.length).toBeGreaterThan(50);
    expect(named).toContainEqual({ file: 'wallet/ledger.repo.ts', module: 'wallet', table: 'wallets', how: 'writes' });
    expect(named).toContainEqual({
      file: 'auth/auth.repo.ts',
      module: 'auth',
      table: 'users',
      how: 'writes',
      columns: ['passwordHash', 'activatedAt', 'emailConfirmed', 'updatedAt'],
    });
  });

  it('lets a module name another module\u2019s table only to read it through a read model', () => {
    expect(moduleSql().flatMap((n) => breach(n) ?? [])).toEqual([]);
  });

  it('opens no more than is read: every reader of a read model reads each of its tables', () => {
    const reads = new Set(moduleSql().map((n) => `${n.module} reads ${n.table}`));
    const unused = READ_MODELS.flatMap((r) =>
      r.readers.flatMap((reader) => r.tables.map((t) => `${reader} reads ${t}`)).filter((x) => !reads.has(x)),
    );
    expect(unused, 'drop these readers (or tables) from READ_MODELS in apps/api/src/db/owners.ts').toEqual([]);
  });

  it('fails a write, a lock or an undeclared read of another module\u2019s table, saying how to fix it', () => {
    const sample = (text: string) => tablesNamed('sales/x.repo.ts', text).map((n) => breach(n));
    expect(sample('sql`insert into challenge_earnings (a) values (1)`')[0]).toMatch(
      /module sales writes challenge_earnings, owned by challenges: .*challenges\/challenges\.shared\.repo\.ts/,
    );
    expect(sample('sql`select 1 from wallets w where w.user_id = 1 for update`')).toContainEqual(
      expect.stringMatching(/module sales locks wallets, owned by wallet/),
    );
    expect(sample('sql`select 1 from quiz_attempts`')[0]).toMatch(/module sales reads quiz_attempts, owned by quizzes/);
    expect(sample('sql`select 1 from sales_imports`')).toEqual([null]);
    expect(
      tablesNamed('users/x.repo.ts', "import { cards } from '../../db/schema.ts';\ndb.insert(cards)").map(breach),
    ).toEqual([expect.stringMatching(/module users writes cards, owned by cards/)]);
    // auth may set the sign-in columns of the users row, and no other.
    const authSets = (set: string) =>
      tablesNamed('auth/x.repo.ts', `import { users } from '../../db/schema.ts';\ndb.update(users).set(${set})`).map(
        breach,
      );
    expect(authSets('{ lastLoginAt: now }')).toEqual([null]);
    expect(authSets('{ lastLoginAt: now, role: r }')).toEqual([
      expect.stringMatching(/module auth writes users, owned by users/),
    ]);
  });
});
