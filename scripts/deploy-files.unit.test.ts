import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SECRET_SETTINGS, SETTING_NAMES } from '../apps/api/src/config.ts';

/*
 * The deployment examples (issue 32 point 1: Dockerfile, deploy/systemd/) stay true to the code: what
 * they copy and start exists, every setting they write is one the server reads, and systemd accepts
 * the unit. A container runtime is not needed (none runs on the test machines).
 */

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const known = new Set([...SETTING_NAMES, ...SECRET_SETTINGS.map((s) => `${s}_FILE`)]);
const graceDefault = loadConfig({ DATA_DIR: os.tmpdir() }).SHUTDOWN_GRACE_SECONDS;

describe('Dockerfile', () => {
  const file = read('Dockerfile');
  const runStage = file.slice(file.lastIndexOf('\nFROM '));

  it('copies into the running image only what exists, and what .dockerignore lets through', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    const copies = [...runStage.matchAll(/^COPY (?!--from)(.+)$/gm)].map((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
    expect(copies.length).toBeGreaterThan(3);
    for (const source of copies.flat()) {
      expect(existsSync(path.join(root, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source);
    }
    expect(ignored).not.toContain('apps/api/src');
  });

  it('installs the runtime dependencies of workspaces that exist, and starts the server entry', () => {
    const workspaces = [...runStage.matchAll(/--workspace (\S+)/g)].map((m) => m[1]);
    const names = ['apps/api', 'packages/contracts'].map((d) => JSON.parse(read(`${d}/package.json`)).name);
    expect(workspaces.sort()).toEqual(names.sort());
    expect(runStage).toMatch(/npm ci --omit=dev/);
    expect(runStage).toContain('CMD ["node", "apps/api/server.js"]');
    expect(existsSync(path.join(root, 'apps/api/server.js'))).toBe(true);
  });

  it('sets only settings the server reads, checks /api/ready and stops on SIGTERM', () => {
    const env = /^ENV (.+)$/m.exec(runStage)?.[1] ?? '';
    const names = [...env.matchAll(/([A-Z_]+)=/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(2);
    for (const name of names) expect(known, name).toContain(name);
    for (const name of [...file.matchAll(/-e ([A-Z_]+)=/g)].map((m) => m[1]!)) expect(known, name).toContain(name);
    expect(runStage).toContain('/api/ready');
    expect(runStage).toContain('STOPSIGNAL SIGTERM');
    expect(Number(/--time (\d+)/.exec(file)?.[1])).toBeGreaterThan(graceDefault);
  });
});

describe('deploy/systemd', () => {
  const unit = read('deploy/systemd/incentive-api@.service');

  it('sets only settings the server reads, in the unit and in its environment file', () => {
    const lines = read('deploy/systemd/incentive.env')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    const names = [
      ...lines.map((l) => l.split('=')[0]!),
      ...[...unit.matchAll(/^Environment=([A-Z_]+)=/gm)].map((m) => m[1]!),
    ];
    expect(names).toContain('DATABASE_URL_FILE');
    for (const name of names) expect(known, name).toContain(name);
  });

  it('starts the server entry and gives it longer to stop than the server gives its requests', () => {
    expect(unit).toMatch(/^ExecStart=\/opt\/incentive\/node_modules\/\.bin\/node apps\/api\/server\.js$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(graceDefault);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });

  it.runIf(existsSync('/usr/bin/systemd-analyze'))('is a unit systemd accepts without a warning', () => {
    // Installed here as /opt/incentive would be: the same unit, pointing at this checkout.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'incentive-unit-'));
    const file = path.join(dir, 'incentive-api@3000.service');
    writeFileSync(file, unit.replaceAll('/opt/incentive', root));
    const r = spawnSync('/usr/bin/systemd-analyze', ['verify', file], { encoding: 'utf8' });
    // What it says of this unit names it; lines about the machine itself (no systemd running) do not.
    expect(r.stderr.split('\n').filter((l) => l.includes('incentive-api@'))).toEqual([]);
    expect(r.status).toBe(0);
  });
});
