/*
 * The programme settings' entry (decision 047): its page's loader and nothing else, reached through
 * one lazy import (app/page-elements.tsx), so the rich text editor stays out of everyone's first load.
 */

export const loadSettingsPage = () => import('./pages/settings-page.tsx').then((m) => m.SettingsPage);
