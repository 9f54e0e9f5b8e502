import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What the routes write the same way is written once (issue 29, decision 052): the error answers come
 * from errorAnswers (plugins/errors.ts), a form with an image is read by readImageForm
 * (plugins/uploads.ts). These checks fail when a route file writes its own again.
 */

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
const routeFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.routes.ts'))
  .sort();
const text = (f: string) => readFileSync(path.join(modulesDir, f), 'utf8');

describe('routes, written once', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(10);
    expect(routeFiles.filter((f) => text(f).includes('errorAnswers(')).length).toBeGreaterThanOrEqual(10);
  });

  it('declare error answers through errorAnswers, not status by status', () => {
    expect(routeFiles.filter((f) => /\b\d{3}: errorResponseSchema\b/.test(text(f)))).toEqual([]);
  });

  it('read a form with an image through readImageForm', () => {
    expect(routeFiles.filter((f) => /\.file\.field !== 'image'/.test(text(f)))).toEqual([]);
  });
});
