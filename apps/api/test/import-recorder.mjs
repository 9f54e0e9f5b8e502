/*
 * `node --import ./import-recorder.mjs …`: appends the URL of every module the process loads to
 * the file named by IMPORT_LOG, so a test can tell which libraries a start really loaded. Loaded on
 * the main thread it registers itself; in the loader thread it is the resolve hook.
 */
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.IMPORT_LOG) appendFileSync(process.env.IMPORT_LOG, `${resolved.url}\n`);
  return resolved;
}
