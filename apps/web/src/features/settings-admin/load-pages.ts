/*
 * The feature's lazy entry (first-load/README.md): one loader per routed page or lazily shown block,
 * and nothing else (not even React). Reached only by a dynamic import (app/page-elements.tsx), so the
 * list of files each page needs is named in this small chunk, not in the entry everyone downloads
 * (decision 024); the first-load HTML names this chunk and the page's for a first visit (decision 054).
 */

export const loadSettingsPage = () => import('./pages/settings-page.tsx').then((m) => m.SettingsPage);
