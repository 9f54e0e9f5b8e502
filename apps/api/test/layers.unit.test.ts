import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The layers of the API (docs/decisions/015-module-layering.md) are enforced by Biome's
 * noRestrictedImports in biome.json: each module lists the lower modules whose services it may
 * use. These checks keep those lists honest: no cycle among them, a place for every module, and
 * the decision's drawing saying the same.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modulesDir = path.join(root, 'apps/api/src/modules');

interface Override {
  includes?: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group?: string | string[] }[] } } } };
  };
}

/** module -> the modules whose services biome.json lets it import. */
function allowedByBiome(): Map<string, string[]> {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as { overrides?: Override[] };
  const out = new Map<string, string[]>();
  for (const o of config.overrides ?? []) {
    const module = o.includes?.[0]?.match(/^apps\/api\/src\/modules\/([a-z-]+)\/\*\*$/)?.[1];
    if (!module) continue;
    const groups = (o.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []).flatMap((p) => p.group ?? []);
    // A module's service, or the index.ts of a module whose surface is one file (jobs, decision 049).
    const allowed = groups.flatMap((g) => g.match(/^!\.\.\/([a-z-]+)\/(?:\1\.service|index)\.ts$/)?.[1] ?? []);
    // The statement parts a module lends (decision 052) only with its service: the same arrow.
    const shared = groups.flatMap((g) => g.match(/^!\.\.\/([a-z-]+)\/\1\.shared\.repo\.ts$/)?.[1] ?? []);
    for (const m of shared) if (!allowed.includes(m)) allowed.push(`${m}.shared.repo without its service`);
    out.set(module, allowed.sort());
  }
  return out;
}

/** module -> the modules the decision record's drawing shows it using (`users → warehouses, auth`). */
function allowedByDrawing(): Map<string, string[]> {
  const doc = readFileSync(path.join(root, 'docs/decisions/015-module-layering.md'), 'utf8');
  const out = new Map<string, string[]>();
  for (const m of doc.matchAll(/^ {2}([a-z-]+) +→ ([a-z, -]+|\(none\))/gm)) {
    const [, module = '', uses = ''] = m;
    out.set(
      module,
      uses === '(none)'
        ? []
        : uses
            .split(',')
            .map((s) => s.trim())
            .sort(),
    );
  }
  return out;
}

/** A cycle in the graph, as the modules along it, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, trail: string[]): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      const cycle = walk(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return null;
}

/** Every non-test file under modules/, relative to it. */
function moduleFiles(): string[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
}

/** The imports of a file that can run SQL: drizzle's builders (type-only imports aside), the schema, raw queries. */
function sqlImports(file: string): string[] {
  const text = readFileSync(path.join(modulesDir, file), 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)]
    .map((m) => m[1] ?? '')
    .filter((source) => /^drizzle-orm|\/db\/(schema|query-rows)\.ts$/.test(source));
}

describe('API layers', () => {
  const biome = allowedByBiome();

  it('gives every module its place in biome.json', () => {
    const modules = readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect([...biome.keys()].sort()).toEqual(modules);
  });

  it('lets modules use only modules that exist, through no cycle', () => {
    for (const [module, uses] of biome) {
      for (const used of uses) expect(biome.has(used), `${module} → ${used}`).toBe(true);
    }
    expect(findCycle(biome)).toBeNull();
  });

  it('finds a cycle when there is one (the check above can fail)', () => {
    const graph = new Map(biome);
    graph.set('access', ['users']);
    expect(findCycle(graph)).toEqual(expect.arrayContaining(['access', 'users']));
  });

  it('keeps module files one folder deep, where the lint patterns (`../users/…`) see them', () => {
    expect(moduleFiles().filter((f) => f.split(path.sep).length !== 2)).toEqual([]);
  });

  it('keeps SQL in repos: no other file of a module builds a query', () => {
    const files = moduleFiles();
    expect(files.filter((f) => f.endsWith('.repo.ts')).length).toBeGreaterThan(0);
    const outside = files.filter((f) => !f.endsWith('.repo.ts') && sqlImports(f).length > 0);
    expect(outside).toEqual([]);
    // The check sees a repo's own imports, so an empty answer above is not an accident.
    expect(sqlImports('wallet/wallet.repo.ts')).toContain('drizzle-orm');
  });

  it('draws in decision 015 exactly what biome.json enforces', () => {
    expect(Object.fromEntries(allowedByDrawing())).toEqual(Object.fromEntries(biome));
  });
});
