import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, runtimeProblem } from './runtime.ts';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.js');

describe('runtimeProblem', () => {
  it('accepts Node 24 and later', () => {
    expect(runtimeProblem('24.21.0')).toBeNull();
    expect(runtimeProblem('v24.0.0')).toBeNull();
    expect(runtimeProblem('26.1.0')).toBeNull();
  });

  it('refuses older or unreadable versions with one line naming the fix', () => {
    for (const version of ['20.20.2', 'v22.12.0', 'garbage']) {
      const problem = runtimeProblem(version);
      expect(problem).toContain(`needs Node ${REQUIRED_NODE_MAJOR}`);
      expect(problem).toContain('npm start');
      expect(problem).not.toContain('\n');
    }
  });

  it('is what the tests themselves run on (npm scripts put the installed Node 24 first on PATH)', () => {
    expect(runtimeProblem(process.versions.node)).toBeNull();
  });
});

/*
 * `node apps/api/server.js` (plain JavaScript, no static import): an older Node gets runtimeProblem's
 * one line before anything that needs Node 24 loads. (`node apps/api/src/server.ts` cannot: Node 20
 * stops on the `.ts` extension before any of the project's code runs.)
 */
describe('the plain-JavaScript entry apps/api/server.js', () => {
  const run = (node: string, args: string[]) =>
    spawnSync(node, [...args, entry], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, PORT: '0' } });

  it('refuses Node 20 in one line, exit code 1, with no stack trace', () => {
    // Node 24 told it is Node 20.20.2: the check reads process.versions, as on a real Node 20.
    const fake = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})';
    const r = run(process.execPath, ['--import', fake]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([runtimeProblem('20.20.2')]);
  }, 60_000);

  it.skipIf(!isOldNode('/usr/bin/node'))(
    'refuses the real system Node of this machine the same way',
    () => {
      const version = spawnSync('/usr/bin/node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
      const r = run('/usr/bin/node', []);
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([runtimeProblem(version)]);
    },
    60_000,
  );

  it('on Node 24 goes on to load the server (a bad PORT is its one-line refusal, not the version)', () => {
    const r = run(process.execPath, []);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('too old');
    expect(r.stderr).toContain('PORT');
  }, 90_000);
});

function isOldNode(node: string): boolean {
  if (!existsSync(node)) return false;
  const v = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return runtimeProblem(v) !== null;
}
