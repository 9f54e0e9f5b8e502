import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { API, type GuardedPage, PAGES, POLICY, ROLES } from '@incentive/contracts';
import Beasties from 'beasties';
import { createServer, type Manifest, type Plugin } from 'vite';
import { GREETING_NAME as GREETING_NAME_KEY, TOKEN as TOKEN_KEY } from '../lib/session.ts';
import { ARTICLE_IMAGE_SIZES, CARD_SIZES, COVER_SIZES } from '../lib/video-source.ts';
import articlesPl from '../locales/articles/pl.json' with { type: 'json' };
import challengesPl from '../locales/challenges/pl.json' with { type: 'json' };
import pl from '../locales/pl.json' with { type: 'json' };
import { EARLY_FORM_SCRIPT } from './early-form.ts';
import { FIRST_CARD_MEDIA, firstPageCalls } from './first-page-data.ts';
import { HOME_SHELL_ID } from './home-shell.ts';
import { pageTitle } from './page-title.ts';
import { CHALLENGE_SHELL, HOME_SHELL, QUIZ_SHELL, WITHDRAWALS_SHELL } from './shell-slots.ts';

/*
 * One HTML file per first-visited route (decision 025). index.html names only the entry's files;
 * the route's lazy chunks were found by the entry once it had arrived and run, a round trip or
 * more later on a phone. Each file here also names the chunks and stylesheets its route renders
 * first (`modulepreload`, `preload`), so they download with the entry; the login page's file
 * also holds the page itself, pre-rendered, so it paints before any script has run (main.tsx
 * hydrates it); the rep home's holds a shell of the home that paints before its scripts have run
 * and that the page replaces (decision 027); each other rep page's holds a shell of its own and
 * names the page's chunks for a rep (decision 030). The server sends a route's file for its path
 * (one file for every id of a route with `:id`),
 * index.html for every other path.
 */

/** The shell around every signed-in page (as scripts/bundle-budget/pages.ts lists it). */
const SIGNED_IN_SHELL = ['src/app/signed-in-area.tsx', 'src/app/session-gate.tsx', 'src/app/layout/app-layout.tsx'];

interface FirstLoadRoute {
  /** The file under dist/, e.g. `pages/login.html`. */
  name: string;
  path: string;
  /** Lazy chunks (manifest keys) the route renders first. */
  chunks: string[];
  /**
   * A guarded page's own chunks (a loader module and the page it loads). Named in the HTML when every
   * role may open the page; for a page a rep may open, an inline script names them when the browser
   * holds a rep's session (repFirstLoadScript): a role turned away never downloads them, and an admin
   * previewing the rep's pages gets them once GET /api/me has answered, as before.
   */
  page?: { name: GuardedPage; chunks: string[] };
  /** Pre-render the page into the HTML (signed-out pages only: nothing of a user is known at build time). */
  prerender?: boolean;
  /**
   * Pre-render a shell after the root that paints from the HTML for a rep: the home's
   * (prerender.tsx `prerenderHomeShell`, decision 027) or another rep page's, with the message keys
   * of its title and description (`prerenderRepPageShell`, decision 030).
   */
  shell?: 'home' | { title?: string; subtitle?: string; image?: ShellImage };
}

export const FIRST_LOAD_ROUTES: FirstLoadRoute[] = [
  {
    name: 'login',
    path: PAGES.login,
    chunks: ['src/features/auth/load-pages.ts', 'src/features/auth/pages/login-page.tsx'],
    prerender: true,
  },
  {
    name: 'dashboard',
    path: PAGES.dashboard,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'dashboard',
      chunks: ['src/features/dashboard/load-pages.ts', 'src/features/dashboard/pages/dashboard-page.tsx'],
    },
    shell: 'home',
  },
  // The rep's other pages (issue 16, point 6).
  {
    name: 'withdraw',
    shell: { title: 'withdrawals.myTitle', image: 'withdrawals' },
    path: PAGES.withdraw,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'withdraw',
      chunks: ['src/features/wallet/load-pages.ts', 'src/features/wallet/pages/withdrawals-page.tsx'],
    },
  },
  {
    name: 'quiz-ph',
    shell: { title: 'quizPh.title', subtitle: 'quizPh.description', image: 'firstCard' },
    path: PAGES.quizPh,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'quizPh',
      chunks: ['src/features/quizzes/load-pages.ts', 'src/features/quizzes/pages/quiz-list-page.tsx'],
    },
  },
  {
    name: 'quiz-ph-take',
    shell: { image: 'quiz' },
    path: PAGES.quizPhTake,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'quizPhTake',
      chunks: ['src/features/quizzes/load-pages.ts', 'src/features/quizzes/pages/quiz-take-page.tsx'],
    },
  },
  {
    name: 'articles-ph',
    shell: { title: 'articlePh.title', subtitle: 'articlePh.description', image: 'firstCard' },
    path: PAGES.articlesPh,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'articlesPh',
      chunks: ['src/features/articles/load-pages.ts', 'src/features/articles/pages/article-list-page.tsx'],
    },
  },
  {
    name: 'article-ph',
    shell: { image: 'article' },
    path: PAGES.articlePh,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'articlePh',
      chunks: ['src/features/articles/load-pages.ts', 'src/features/articles/pages/article-page.tsx'],
    },
  },
  {
    name: 'challenges-ph',
    shell: { title: 'challengePh.title', subtitle: 'challengePh.description', image: 'challenge' },
    path: PAGES.challengesPh,
    chunks: SIGNED_IN_SHELL,
    page: {
      name: 'challengesPh',
      chunks: ['src/features/challenges/load-pages.ts', 'src/features/challenges/pages/challenge-list-page.tsx'],
    },
  },
];

/** dist/.vite/first-load-pages.json: path → the HTML file the server sends for it. */
export const FIRST_LOAD_PAGES_FILE = '.vite/first-load-pages.json';
/**
 * dist/.vite/first-load-scripts.json: HTML file → the CSP sources (`'sha256-…'`) of its inline
 * scripts; the server allows them for that file only (apps/api/src/plugins/web.ts).
 */
export const FIRST_LOAD_SCRIPTS_FILE = '.vite/first-load-scripts.json';

/** A Polish text of the app's bundles, the lazy features' included (a shell is only shown in Polish). */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function polish(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  for (const tree of [pl, articlesPl, challengesPl] as unknown[]) {
    let node = tree;
    for (const part of key.split('.'))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`first-load-html: no Polish text for ${key}`);
}

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

const everyRoleMayOpen = (page: GuardedPage) => ROLES.every((role) => POLICY[role].pages.includes(page));
/** The one role whose home is the rep home: the browser keeps its first name (lib/session.ts GREETING_NAME). */
const REP_ROLES = ROLES.filter((role) => POLICY[role].home === 'repHome');
const repsMayOpen = (page: GuardedPage) => REP_ROLES.every((role) => POLICY[role].pages.includes(page));

/**
 * With a list's answer: its first item's image into the shell's first card (first-load/page-shell.tsx),
 * as `ResponsiveImage` writes it (the same WebP srcset and sizes, so the page's own image is the same
 * cached file and no larger: the largest paint stays the shell's, as the home's title does, decision
 * 027). Nothing for a video, an item without an image, or a failed call.
 */
/** In a shell fill: tells the app start script that the shell's content is in, or that there is none. */
const GO_JS = 'var go=function(){window.__startNow=1;window.__startApp&&window.__startApp()};';
/** In a shell fill: `go` once the next frame (the content just drawn) has been produced. */
const AFTER_FRAME_GO = 'requestAnimationFrame(function(){setTimeout(go,0)})';

/**
 * In a shell fill: the API's image `g` as `ResponsiveImage` writes it (the same WebP srcset and
 * `sizes`, so the page shows the same cached file), covering the box `into`; `go` once it has loaded.
 */
function pictureJs(sizes: string, into: string, fit: 'cover' | 'contain' = 'cover'): string {
  return `(function(){var p=document.createElement('picture'),s=document.createElement('source'),i=document.createElement('img');s.type='image/webp';s.srcset=g.webp;s.sizes=${JSON.stringify(sizes)};i.src=g.url;if(g.jpeg)i.srcset=g.jpeg;i.sizes=${JSON.stringify(sizes)};i.width=g.width;i.height=g.height;i.alt='';i.fetchPriority='high';i.style.cssText='display:block;width:100%;height:100%;object-fit:${fit}';i.onload=i.onerror=function(){${AFTER_FRAME_GO}};p.appendChild(s);p.appendChild(i);${into}.appendChild(p)})();`;
}

/** The image fill for a shell's media box: `pick` reads the item from the answer `r.text`. */
function imageFill(pick: string, sizes: string): string {
  return `function(r){${GO_JS}try{if(!r||!r.ok)return go();var d=${pick},m=document.querySelector('[${FIRST_CARD_MEDIA}]');if(!d||!m||d.video_url||!d.image)return go();var g=d.image;${pictureJs(sizes, 'm')}}catch(x){go()}}`;
}

const SHELL_IMAGE_FILL = {
  firstCard: imageFill('JSON.parse(r.text).data[0]', CARD_SIZES),
  article: imageFill('JSON.parse(r.text)', ARTICLE_IMAGE_SIZES),
};

/**
 * With a quiz's answer a rep may take: its first step into the quiz's shell (first-load/page-shell.tsx
 * QuizTakeShell), the intro: the name, what it pays (as lib/money.ts writes it in Polish), the lead
 * and the quiz's text as the server sanitized it (the page renders the same HTML).
 * The bars go and the step shows in one change. Nothing for a quiz the rep cannot take now: the
 * page says why.
 */
/**
 * lib/money.ts formatMoney in Polish, as an expression of the number `n` (NaN and ±Infinity are 0),
 * by hand as there: an Intl object would start ICU before the shell paints. The API's amounts have
 * two decimals, so toFixed rounds nothing.
 */
const MONEY_PL = `(isFinite(n)&&n<0?'-':'')+Math.abs(isFinite(n)?n:0).toFixed(2).replace('.',',').replace(/\\B(?=(\\d{3})+(?!\\d))/g,'\\u00a0')+'\\u00a0z\\u0142'`;

const QUIZ_FILL = (() => {
  const a = (name: string) => `document.querySelector('[${name}]')`;
  const toWin = JSON.stringify(polish('quizPh.take.toWin'));
  return `function(r){${GO_JS}try{if(!r||!r.ok)return go();var q=JSON.parse(r.text),k=q.questions&&q.questions[0],f=${a(QUIZ_SHELL.filled)},b=${a(QUIZ_SHELL.skeleton)};if(!k||!q.status||!q.status.can_take||!f||!b)return go();var n=+q.value,v=${MONEY_PL};${a(QUIZ_SHELL.name)}.textContent=q.name;${a(QUIZ_SHELL.title)}.textContent=${toWin}.split('{{amount}}').join(v);${a(QUIZ_SHELL.lead)}.textContent=q.lead;${a(QUIZ_SHELL.text)}.innerHTML=q.text;b.remove();f.hidden=false;${AFTER_FRAME_GO}}catch(x){go()}}`;
})();

/**
 * With the rep's challenges: the first one as the page will show it first (the one `?id=` names,
 * else the list's first; lib/challenge-text.ts orderChallenges) into the challenges' shell
 * (first-load/page-shell.tsx ChallengeShell): the row of choices when there are several, its cover
 * with the page's srcset and sizes, and its name. Nothing when the list is empty or `?id=` names a
 * challenge the list does not hold (the page asks for that one itself).
 */
const CHALLENGE_FILL = `function(r){${GO_JS}try{if(!r||!r.ok)return go();var l=JSON.parse(r.text).data,m=document.querySelector('[${CHALLENGE_SHELL}]');if(!m||!l||!l.length)return go();var w=new URLSearchParams(location.search).get('id');if(w!==null){var j=-1;l.forEach(function(c,k){if(String(c.id)===w)j=k});if(j<0&&/^d{1,10}$/.test(w)&&+w>=1&&+w<=2147483647)return go();if(j>0)l=[l[j]].concat(l.slice(0,j),l.slice(j+1))}var d=document,c=l[0],t=function(e,x){var n=d.createElement(e);if(x)n.textContent=x;return n};if(l.length>1){var v=t('nav');l.forEach(function(x){v.appendChild(t('span',x.name))});m.appendChild(v)}var s=t('section'),g=c.image;if(g){var f=t('figure');${pictureJs(COVER_SIZES, 'f', 'contain')}s.appendChild(f)}s.appendChild(t('h2',c.name));m.appendChild(s);if(!g)${AFTER_FRAME_GO}}catch(x){go()}}`;

/**
 * With the rep's first page of withdrawals: their rows into the withdrawals' shell
 * (first-load/page-shell.tsx WithdrawalsShell), as features/wallet/components/my-withdrawals.tsx
 * writes them: the amount (lib/money.ts), then the date and time (lib/format.ts formatDateTime, the
 * browser's time zone) and the card; or the page's line for no withdrawals.
 */
const WITHDRAWALS_FILL = (() => {
  const card = JSON.stringify(polish('withdrawals.card'));
  const none = JSON.stringify(polish('withdrawals.none'));
  // features/wallet/components/status-badge.tsx: its colours and words.
  const badges = JSON.stringify(
    Object.fromEntries(
      (
        [
          ['requested', 'blue'],
          ['exported', 'violet'],
          ['paid', 'green'],
          ['failed', 'red'],
        ] as const
      ).map(([status, color]) => [status, [color, polish(`withdrawals.status.${status}`)]]),
    ),
  );
  return `function(r){${GO_JS}try{if(!r||!r.ok)return go();var l=JSON.parse(r.text).data,m=document.querySelector('[${WITHDRAWALS_SHELL}]'),d=document;if(!l||!m)return go();var t=function(e,x){var c=d.createElement(e);c.textContent=x;return c},z=function(v){return(v<10?'0':'')+v};if(!l.length)m.appendChild(t('p',${none}));l.forEach(function(w){var n=+w.amount,a=new Date(w.created_at),row=d.createElement('div'),s=d.createElement('div');s.style.minWidth='0';s.appendChild(t('p',${MONEY_PL}));var q=t('p',z(a.getDate())+'-'+z(a.getMonth()+1)+'-'+a.getFullYear()+' '+z(a.getHours())+':'+z(a.getMinutes())+':'+z(a.getSeconds())+' · ');q.appendChild(t('span',${card}+' '+w.card_number));s.appendChild(q);row.appendChild(s);var b=${badges}[w.status];if(b){var g=t('span',b[1]);g.style.cssText='background:var(--mantine-color-'+b[0]+'-light);color:var(--mantine-color-'+b[0]+'-light-color)';row.appendChild(g)}m.appendChild(row)});${AFTER_FRAME_GO}}catch(x){go()}}`;
})();

/**
 * With the rep's GET /api/me: the home's figures into its shell (first-load/rep-home-shell.tsx), as
 * the wallet card and the quiz box write them (lib/money.ts in Polish; earned so far is earned plus
 * withdrawn, added in grosze as lib/add-money.ts does). The page then writes the same text in the
 * same boxes, so its amounts never become a larger paint than the shell's, whatever they are
 * (a wallet of five digits was Lighthouse's LCP element at 3.3–3.7 s, decision 054).
 */
const HOME_FILL = (() => {
  const write = (slot: string, grosze: string) => `f(${JSON.stringify(slot)},${grosze});`;
  return `function(r){${GO_JS}try{if(!r||!r.ok)return go();var u=JSON.parse(r.text),w=u.wallet,c=function(v){return Math.round(+v*100)},f=function(a,g){var e=document.querySelector('['+a+']'),n=g/100;if(e)e.textContent=${MONEY_PL}};if(!w)return go();${write(HOME_SHELL.money, 'c(w.money)')}${write(HOME_SHELL.earned, 'c(u.money_earned)+c(u.money_withdrawed)')}${write(HOME_SHELL.withdrawn, 'c(u.money_withdrawed)')}${write(HOME_SHELL.toGet, 'c(u.money_to_get)')}${AFTER_FRAME_GO}}catch(x){go()}}`;
})();

const SHELL_FILL = {
  ...SHELL_IMAGE_FILL,
  quiz: QUIZ_FILL,
  challenge: CHALLENGE_FILL,
  withdrawals: WITHDRAWALS_FILL,
  home: HOME_FILL,
};
type ShellImage = keyof typeof SHELL_FILL;

/**
 * How long a rep page's code waits at most for its shell (APP_START_SCRIPT): on a slow link the
 * shell's image may take longer, and in a background tab no frame is drawn at all.
 */
export const APP_START_CAP_MS = 300;

/** How many of the app's `modulepreload` and stylesheet links APP_START_SCRIPT adds in one task. */
const LINKS_PER_TASK = 2;

/**
 * The end of the body of a page that paints from its HTML, a rep page's shell (decision 033) or the
 * pre-rendered login page (decision 054), after what it paints: adds the entry's script and every
 * `modulepreload` that the HTML would otherwise name in its head. Without a shown shell (not a rep,
 * not Polish) it adds them at once. With one, it adds them once the shell's first frame is shown (a
 * `paint` entry; the next frame where the Paint Timing API is missing), and when the rep script
 * (repFirstLoadScript) will put an image from the page's first answer into the shell
 * (`__deferApp`), once that image has painted too, or the answer has none. Never later than
 * APP_START_CAP_MS. So the shell paints before the app's code runs even when that code comes from
 * the cache at once (a rep's daily visit on a slow phone), and on a slow link the picture gets the
 * link to itself before 150 kB of JavaScript. Placed after the root and the shell, so the entry
 * finds them parsed, as it did from the head.
 */
function appStartScript(entry: string, preloads: string[]): string {
  return [
    '(function(){var d=document,w=window,s=0;function a(r,h,t){var k=d.createElement("link");k.rel=r;k.href=h;k.crossOrigin="";if(t)k.as=t;d.head.appendChild(k)}',
    // The entry first: it holds the load event until it has run, as when it was named in the head
    // (a form used before that would post natively). Then two links a task: each costs the renderer
    // 1.5–5 ms (10–20 ms on a 4x slowed phone), and the 30–35 added at once were one 200–300 ms task
    // right after the shell's paint. A message, not a timer, between the slices (nested timers wait 4 ms).
    `function go(){if(s)return;s=1;var e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=${JSON.stringify(entry)};d.head.appendChild(e);`,
    `var q=${JSON.stringify(preloads)}.map(function(h){return["modulepreload",h]}).concat(w.__pageLinks||[]),c=new MessageChannel;`,
    `c.port1.onmessage=function(){q.splice(0,${LINKS_PER_TASK}).forEach(function(l){a(l[0],l[1],l[2])});if(q.length)c.port2.postMessage(0);else c.port1.close()};c.port1.onmessage()}`,
    // `p`: the shell's first frame has been shown; with `__deferApp`, `__startNow` says the image is in.
    'var p=0;function m(){if(p&&(!w.__deferApp||w.__startNow))go()}w.__startApp=m;',
    // What paints from the HTML: a shown shell, or the pre-rendered login page (decision 054).
    `var x=d.getElementById(${JSON.stringify(HOME_SHELL_ID)}),r=d.querySelector("#root[data-prerendered]");if((!x||x.hidden)&&!r)return go();setTimeout(go,${APP_START_CAP_MS});`,
    'function f(){p=1;m()}try{new PerformanceObserver(function(l,o){o.disconnect();f()}).observe({type:"paint",buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(f,0)})}})()',
  ].join('');
}

// Stand-ins for the list's page and the record's id in the URLs of a page's first calls.
const PAGE_MARK = 2_147_483_645;
const ID_MARK = 2_147_483_646;

/**
 * The inline script of a rep page's first load (decision 030), for a browser that holds a rep's
 * session (a token and the greeting name, kept for reps only, forgotten with the token): it names
 * the page's files (`modulepreload`, stylesheet `preload`) and starts the page's first GETs
 * (first-load/first-page-data.ts) while the HTML is parsed, before the entry has arrived; api-client.ts
 * hands their answers to the page (`__earlyGets`). The page number and id are read as the page
 * reads them (parseId: 1 to 2^31-1; a bad id asks nothing). Another role, or nobody signed in,
 * downloads and asks nothing. The server allows the script by its hash. On a page with a shell the
 * files go to the app start script (`__pageLinks`), which adds them with the entry (decision 033).
 */
function repFirstLoadScript(
  js: string[],
  css: string[],
  calls: string[],
  shell: { image?: ShellImage } | undefined,
): string {
  const image = shell?.image;
  const links = [...js.map((f) => ['modulepreload', `/${f}`]), ...css.map((f) => ['preload', `/${f}`, 'style'])];
  const urls = calls.map((url) => url.split(String(PAGE_MARK)).join('$page').split(String(ID_MARK)).join('$id'));
  const needsId = urls.some((url) => url.includes('$id'));
  return [
    `(function(){try{var l=localStorage,t=l.getItem(${JSON.stringify(TOKEN_KEY)});`,
    `if(!t||!l.getItem(${JSON.stringify(GREETING_NAME_KEY)}))return;`,
    shell
      ? `window.__pageLinks=${JSON.stringify(links)};`
      : `${JSON.stringify(links)}.forEach(function(a){var k=document.createElement('link');k.rel=a[0];k.href=a[1];k.crossOrigin='';if(a[2])k.as=a[2];document.head.appendChild(k)});`,
    'function n(v){return/^\\d{1,10}$/.test(v||"")&&+v>=1&&+v<=2147483647?+v:0}',
    'var p=n(new URLSearchParams(location.search).get("page"))||1,i=n(location.pathname.replace(/\\/+$/,"").split("/").pop());',
    needsId ? 'if(!i)return;' : '',
    'var h={accept:"application/json","accept-language":l.getItem("lang")||"pl",authorization:(l.getItem("token_type")||"Bearer")+" "+t},e=window.__earlyGets=window.__earlyGets||{};',
    image ? 'window.__deferApp=1;' : '',
    `${JSON.stringify(urls)}.forEach(function(u,k){u=u.split("$page").join(p).split("$id").join(i);`,
    // `a`: the answer once it has come, which the page's first render may start with (decision 035).
    'var g=e[u]={token:t,at:Date.now(),res:fetch(u,{headers:h,signal:AbortSignal.timeout(20000)}).then(function(r){return r.text().then(function(x){return g.a={ok:r.ok,status:r.status,text:x}})})}',
    // The shell is filled from the page's first call (the withdrawals' list, not its money history).
    image ? `;if(!k)e[u].res.then(${SHELL_FILL[image]})` : '',
    '})}catch(x){}})()',
  ].join('');
}

/** The files a set of manifest entries needs: their chunks, static imports (transitively) and stylesheets. */
function filesOf(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first-load-html: ${key} is not in the build's manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

function writeCompressed(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(text);
  writeFileSync(file, bytes);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/** Marks a first-load page's stylesheet that main.tsx applies (first-load/deferred-styles.ts). */
export const DEFERRED_STYLE_ATTR = 'data-deferred-style';

/**
 * The rules the shell's markup uses go inline into the head (beasties), and the route's stylesheets
 * become `preload` links in their place: the shell paints as soon as the HTML has arrived, before
 * any stylesheet or script (decision 028). The entry turns them back into stylesheets, in the same
 * place in the head (so Mantine's own style tags still come after them), and renders once they
 * have loaded. No inline event handler: the CSP stays `script-src 'self'` plus the shell's hash.
 * The stylesheet files stay whole (`pruneSource: false`): other pages and lazy chunks share them.
 */
async function inlineCriticalCss(html: string, outDir: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    // Moves the stylesheet links, unchanged, to the end of the body; they come back below as preloads.
    preload: 'body',
    pruneSource: false,
    // Mantine's colour-scheme variables hang on `:root[data-mantine-color-scheme=…]`, which beasties
    // does not match against the page's <html>: without them the shell's light variants lose colour.
    allowRules: [/data-mantine-color-scheme/],
    reduceInlineStyles: false,
    mergeStylesheets: true,
    compress: true,
    logLevel: 'warn',
  });
  const inlined = await beasties.process(html);
  if (!inlined.includes('<style>')) throw new Error('first-load-html: no critical CSS was inlined');
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;
  const hrefs = [...inlined.matchAll(stylesheet)].map((m) => m[1]);
  const preloads = hrefs.map(
    (href) => `<link rel="preload" as="style" crossorigin href="${href}" ${DEFERRED_STYLE_ATTR}>`,
  );
  const deferred = inlined.replace(stylesheet, '').replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
  if (hrefs.length === 0 || /<link rel="stylesheet"/.test(deferred)) {
    throw new Error("first-load-html: the route's stylesheets were not deferred");
  }
  return deferred;
}

export function firstLoadHtml(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'first-load-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const entry = filesOf(manifest, ['index.html']);
        // The app's own code through Vite's module runner (its CSS and JSON handling), never the built files.
        const prerender = FIRST_LOAD_ROUTES.some((r) => r.prerender || r.shell)
          ? await createServer({
              root,
              configFile: path.join(root, 'vite.config.ts'),
              logLevel: 'silent',
              appType: 'custom',
              server: { middlewareMode: true, hmr: false, ws: false },
            })
          : undefined;
        const pages: Record<string, string> = {};
        const scripts: Record<string, string[]> = {};
        try {
          for (const route of FIRST_LOAD_ROUTES) {
            const chunks = [...route.chunks];
            if (route.page && everyRoleMayOpen(route.page.name)) chunks.push(...route.page.chunks);
            const { js, css } = filesOf(manifest, chunks);
            const file = `pages/${route.name}.html`;
            const inlineScripts: string[] = [];
            // The rep home's first call is GET /api/me (the entry's early-me.ts takes its answer): its
            // figures go into the shell, and its page's files come with the entry (every role opens it).
            if (route.shell === 'home') inlineScripts.push(repFirstLoadScript([], [], [API.me], { image: 'home' }));
            if (route.page && !everyRoleMayOpen(route.page.name)) {
              if (!repsMayOpen(route.page.name)) throw new Error(`first-load-html: who may open ${route.name}?`);
              const own = filesOf(manifest, route.page.chunks);
              inlineScripts.push(
                repFirstLoadScript(
                  [...own.js].filter((f) => !js.has(f) && !entry.js.has(f)),
                  [...own.css].filter((f) => !css.has(f) && !entry.css.has(f)),
                  firstPageCalls(route.path, PAGE_MARK, ID_MARK),
                  typeof route.shell === 'object' ? route.shell : undefined,
                ),
              );
            }
            const links = [
              ...[...js]
                .filter((f) => !entry.js.has(f))
                .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
              // A pre-rendered page paints with its stylesheets; another page's are fetched now and
              // applied when its chunk adds them (a `preload` does not hold back the first paint).
              ...[...css]
                .filter((f) => !entry.css.has(f))
                .map((f) =>
                  route.prerender || route.shell
                    ? `<link rel="stylesheet" crossorigin href="/${f}">`
                    : `<link rel="preload" as="style" crossorigin href="/${f}">`,
                ),
            ];
            const scriptTags = inlineScripts.map((script) => `<script>${script}</script>`);
            let html = indexHtml.replace('</head>', () => `  ${[...links, ...scriptTags].join('\n    ')}\n  </head>`);
            // The tab names the page from the first byte (the app keeps it per route, router.tsx).
            const title = pageTitle('pl', route.page?.name ?? 'login');
            html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
            if (!html.includes(`<title>${escapeHtml(title)}</title>`))
              throw new Error(`first-load-html: no <title> in ${file}`);
            if (route.prerender && prerender) {
              const { prerenderPage } = (await prerender.ssrLoadModule('/src/first-load/prerender.tsx')) as {
                prerenderPage: (location: string) => Promise<string>;
              };
              const markup = await prerenderPage(route.path);
              // With the script that keeps what is typed or submitted before the app arrives
              // (first-load/early-form.ts). Before the form, not after it: its listeners are on the
              // document, and the parser may paint the form and take a keystroke before it reaches a
              // script that follows (a first-load test typed into that gap).
              html = html.replace(
                '<div id="root"></div>',
                () => `<script>${EARLY_FORM_SCRIPT}</script><div id="root" data-prerendered="pl">${markup}</div>`,
              );
              if (!html.includes('data-prerendered')) throw new Error('first-load-html: no <div id="root"></div>');
              inlineScripts.push(EARLY_FORM_SCRIPT);
            }
            if (route.shell && prerender) {
              const { prerenderHomeShell, prerenderRepPageShell, prerenderRecordShell } =
                (await prerender.ssrLoadModule('/src/first-load/prerender.tsx')) as {
                  prerenderHomeShell: () => Promise<{ markup: string; script: string }>;
                  prerenderRecordShell: (kind: 'article' | 'quiz') => Promise<{ markup: string; script: string }>;
                  prerenderRepPageShell: (
                    title?: string,
                    subtitle?: string,
                    body?: { kind: 'firstCard' | 'challenge' } | { kind: 'withdrawals'; heading: string },
                  ) => Promise<{ markup: string; script: string }>;
                };
              const shell =
                route.shell === 'home'
                  ? await prerenderHomeShell()
                  : route.shell.image === 'article' || route.shell.image === 'quiz'
                    ? await prerenderRecordShell(route.shell.image)
                    : await prerenderRepPageShell(
                        polish(route.shell.title),
                        polish(route.shell.subtitle),
                        route.shell.image === 'withdrawals'
                          ? { kind: 'withdrawals', heading: polish('withdrawals.toCard') ?? '' }
                          : route.shell.image === 'firstCard' || route.shell.image === 'challenge'
                            ? { kind: route.shell.image }
                            : undefined,
                      );
              // After the root: the script runs before the first paint and decides whether the shell stays.
              html = html.replace(
                '<div id="root"></div>',
                () => `<div id="root"></div>${shell.markup}<script>${shell.script}</script>`,
              );
              if (!html.includes(shell.script)) throw new Error('first-load-html: no <div id="root"></div>');
              inlineScripts.push(shell.script);
            }
            if (route.shell || route.prerender) {
              // The entry and every modulepreload leave the head: the app start script adds them once
              // the shell has painted (decision 033; the home too since decision 054: a module script
              // ready when the HTML has been parsed ran before the first frame, in some runs only).
              const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
              const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
              const entrySrc = entryTag.exec(html)?.[1];
              const preloads = [...html.matchAll(preloadTag)].map((m) => m[1] as string);
              if (!entrySrc || preloads.length === 0) throw new Error(`first-load-html: no entry script in ${file}`);
              const start = appStartScript(entrySrc, preloads);
              html = html
                .replace(entryTag, '')
                .replace(preloadTag, '')
                .replace('</body>', () => `<script>${start}</script></body>`);
              if (!html.includes(start)) throw new Error(`first-load-html: no </body> in ${file}`);
              inlineScripts.push(start);
            }
            if (inlineScripts.length) scripts[file] = inlineScripts.map(cspHash);
            // The shell paints without waiting for a stylesheet (decision 028).
            if (route.shell) html = await inlineCriticalCss(html, outDir);
            writeCompressed(path.join(outDir, file), html);
            pages[route.path] = file;
          }
        } finally {
          await prerender?.close();
        }
        writeFileSync(path.join(outDir, FIRST_LOAD_PAGES_FILE), `${JSON.stringify(pages, null, 2)}\n`);
        writeFileSync(path.join(outDir, FIRST_LOAD_SCRIPTS_FILE), `${JSON.stringify(scripts, null, 2)}\n`);
      },
    },
  };
}
