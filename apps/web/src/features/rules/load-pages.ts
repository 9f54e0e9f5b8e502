/*
 * The feature's lazy entry (first-load/README.md): one loader per routed page or lazily shown block,
 * and nothing else (not even React). Reached only by a dynamic import (app/page-elements.tsx), so the
 * list of files each page needs is named in this small chunk, not in the entry everyone downloads
 * (decision 024); the first-load HTML names this chunk and the page's for a first visit (decision 054).
 */

export const loadRulesPage = () => import('./pages/rules-page.tsx').then((m) => m.RulesPage);

/** Shown by the session gate instead of any page while a rep has a new version to accept (decision 060). */
export const loadRulesConsentPage = () => import('./pages/rules-consent-page.tsx').then((m) => m.RulesConsentPage);
