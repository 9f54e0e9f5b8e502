import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/*
 * The installable app's service worker (decision 067). It keeps one thing: the offline page
 * (offline.html, its script and stylesheet, the icons), so a rep who opens the app without a
 * connection sees their last wallet and "Brak połączenia" instead of the browser's error. Nothing
 * else goes through a cache of its own: every page's HTML comes from the server (never cached),
 * the hashed assets from the browser's HTTP cache as before, and the API is not touched. So a new
 * version of the app is what the next page load gets, and this worker cannot hold an old one.
 */
declare let self: ServiceWorkerGlobalScope;

/** The offline page, by its URL in the precache list the build injects. */
const OFFLINE_PAGE = 'offline.html';

// The build's list of what to keep (vite.config.ts names the offline page's files).
precacheAndRoute(self.__WB_MANIFEST);
// A new worker drops the files of the one before it.
cleanupOutdatedCaches();

// A new version takes over at once: it keeps nothing an open page depends on, so there is no reason
// to wait until every tab is closed (an installed app is hardly ever closed).
void self.skipWaiting();
clientsClaim();

/*
 * Page loads go to the network as before; the browser sends the request while this worker starts
 * (navigation preload), so a page load waits for the worker only when the network has failed. Then
 * the answer is the offline page, at the address the rep asked for: its retry loads that address.
 */
const pages = new NetworkOnly({
  plugins: [{ handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error() }],
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});
// Not the API's or the uploads' addresses (a file download opened in a tab is a navigation too).
registerRoute(new NavigationRoute(pages, { denylist: [/^\/api\//, /^\/uploads\//] }));

/*
 * The build this worker came with (vite.config.ts): each build's worker differs from the last one's by
 * it, so the browser installs it on the next page load or update check and the open pages learn that
 * a new version is out (pwa/register.ts). Asked by the browser tests.
 */
declare const __APP_BUILD__: string;
self.addEventListener('message', (event) => {
  if (event.data === 'build') event.ports[0]?.postMessage(__APP_BUILD__);
});
