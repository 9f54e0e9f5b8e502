import { Button, Group, Text } from '@mantine/core';
import { i18n } from '../lib/i18n.ts';
import { registerStrings } from '../lib/lazy-strings.ts';
import { showToast } from '../lib/toast.ts';
import en from '../locales/offline/en.json';
import pl from '../locales/offline/pl.json';

/*
 * The installable app in a running page (decision 067), loaded after the page's first load (main.tsx):
 * - registers the service worker (sw/sw.ts), which answers a page load without a connection with the
 *   offline page;
 * - says "no connection" on the screen while the phone is offline;
 * - tells an open page that a new version is out (a worker of another build took over) and offers a
 *   reload; and reloads by itself when a page's chunk of an old build is gone from the server.
 */
declare const __APP_BUILD__: string;

const BANNER_ID = 'offline-banner';
/** A chunk that failed to load reloads the page at most once in this long: a server that is down does not loop it. */
const RELOAD_GUARD_MS = 30_000;
const RELOADED_AT = 'chunk_reload_at';

export function startAppWorker(): void {
  registerStrings({ pl, en });
  watchConnection();
  reloadOnMissingChunk();
  void registerWorker();
}

async function registerWorker() {
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!sw) return;
  try {
    const registration = await sw.register('/sw.js', { scope: '/' });
    sw.addEventListener('controllerchange', () => void offerNewVersion(sw.controller));
    // An installed app is hardly ever loaded again: look for a new version whenever it comes back to the screen.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && navigator.onLine) registration.update().catch(() => {});
    });
  } catch {
    // No worker (a private window, a blocked origin): the app works as before, without the offline page.
  }
}

/** The build of the worker now in charge; a toast when it is not the build this page runs. */
async function offerNewVersion(worker: ServiceWorker | null) {
  if (!worker) return;
  const build = await new Promise<string | null>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(typeof event.data === 'string' ? event.data : null);
    worker.postMessage('build', [channel.port2]);
    setTimeout(() => resolve(null), 3000);
  });
  if (build === null || build === __APP_BUILD__) return;
  showToast({
    id: 'new-version',
    color: 'blue',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text fz="sm">{i18n.t('offline.newVersion')}</Text>
        <Button size="xs" onClick={() => location.reload()}>
          {i18n.t('offline.reload')}
        </Button>
      </Group>
    ),
  });
}

/** A line at the bottom of the screen while the browser says it is offline; the pages keep what they show. */
function watchConnection() {
  const update = () => {
    let banner = document.getElementById(BANNER_ID);
    if (navigator.onLine) {
      banner?.remove();
      return;
    }
    if (banner) return;
    banner = document.createElement('div');
    banner.id = BANNER_ID;
    banner.setAttribute('role', 'status');
    banner.textContent = i18n.t('offline.banner');
    Object.assign(banner.style, {
      position: 'fixed',
      insetInline: '0',
      bottom: '0',
      zIndex: '1000',
      padding: '10px 16px calc(10px + env(safe-area-inset-bottom))',
      background: '#343a40',
      color: '#fff',
      font: '500 14px/1.4 system-ui, sans-serif',
      textAlign: 'center',
    });
    document.body.append(banner);
  };
  addEventListener('online', update);
  addEventListener('offline', update);
  update();
}

/**
 * After a new version went out, an open page may ask for a chunk of its own build that the server no
 * longer has: Vite reports it as `vite:preloadError`. The page loads its address again (the new
 * build), at most once in RELOAD_GUARD_MS; offline it leaves the error to the page.
 */
function reloadOnMissingChunk() {
  addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (!navigator.onLine || Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    location.reload();
  });
}
