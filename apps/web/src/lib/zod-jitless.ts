/*
 * zod compiles object parsers with `new Function` when it may, and probes for that when a schema is
 * built; the probe breaks the Content-Security-Policy (script-src 'self', no 'unsafe-eval') and the
 * browser reports an issue. Interpreted parsers are fast enough for forms. zod keeps its settings in
 * this global (shared by every copy of zod); setting it here, first in main.tsx, reaches every schema
 * without loading zod before a page needs it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
