/**
 * Where a chosen language is kept in localStorage (lib/i18n.ts). A module of its own: the first-load
 * pages and the offline page (pwa/offline-page.ts) read it without loading i18n.
 */
export const LANG_KEY = 'lang';
