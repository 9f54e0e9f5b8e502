/*
 * The feature's lazy entry (first-load/README.md): one loader per routed page, and nothing else.
 * Reached only by a dynamic import (app/page-elements.tsx).
 */

export const loadProgrammePage = () => import('./pages/programme-page.tsx').then((m) => m.ProgrammePage);
