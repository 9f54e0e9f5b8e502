import { API } from '@incentive/contracts';
import { formatDate } from '../lib/format.ts';
import { LANG_KEY } from '../lib/lang-key.ts';
import { formatMoney } from '../lib/money.ts';
import { TOKEN } from '../lib/session.ts';
import en from '../locales/offline/en.json';
import pl from '../locales/offline/pl.json';
import { lastWallet } from './last-wallet.ts';
import './offline-page.css';

/*
 * The offline page's script (offline.html, decision 067): no React, no i18next, a few kB the service
 * worker keeps. It writes the page in the rep's language (the app's stored choice), shows the wallet
 * the app last showed to the rep still signed in on this phone, and loads the address again when the
 * connection is back: on the browser's `online` event, or when the rep asks.
 */
const lang = localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'pl';
const texts = (lang === 'en' ? en : pl).offline;
type TextKey = keyof typeof texts;

document.documentElement.lang = lang;
document.title = texts.pageTitle;
for (const el of document.querySelectorAll<HTMLElement>('[data-text]')) {
  const key = el.dataset.text as TextKey;
  if (Object.hasOwn(texts, key)) el.textContent = texts[key];
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const wallet = localStorage.getItem(TOKEN) ? lastWallet() : null;
if (wallet) {
  byId('wallet-money').textContent = formatMoney(wallet.money, lang);
  byId('wallet-earned').textContent = formatMoney(wallet.earned, lang);
  byId('wallet-withdrawn').textContent = formatMoney(wallet.withdrawn, lang);
  const seen = new Date(wallet.seenAt);
  const time = `${formatDate(wallet.seenAt) ?? ''} ${String(seen.getHours()).padStart(2, '0')}:${String(seen.getMinutes()).padStart(2, '0')}`;
  byId('wallet-note').textContent = texts.savedAt.replace('{{date}}', time);
  byId('wallet').hidden = false;
}

/**
 * Loads the address the rep asked for again once the server answers. It asks the server's health
 * first (HEAD /api/health: the service worker leaves it to the network), so a retry without a
 * connection says so here instead of drawing this page again, and a browser's `online` that comes
 * before the connection works (a phone between two networks) changes nothing.
 */
let checking = false;
async function retry() {
  if (checking) return;
  checking = true;
  byId('status').textContent = texts.checking;
  try {
    const res = await fetch(API.health, { method: 'HEAD', cache: 'no-store' });
    if (res.ok) {
      location.reload();
      return;
    }
  } catch {
    // Still no way to the server.
  }
  checking = false;
  byId('status').textContent = texts.stillOffline;
}
byId('retry').addEventListener('click', () => void retry());
addEventListener('online', () => void retry());
