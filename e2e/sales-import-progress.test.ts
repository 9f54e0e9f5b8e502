import path from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { zl } from './support/money.ts';
import { toast } from './support/ui.ts';

/*
 * The import page's side of a background import (issue 28 points 2 and 4, decision 050), with every
 * state it must show on screen: the upload answered 202 and queued behind another import, its
 * place in the queue, rows checked, money posted rep by rep, the result with held rows, a held row
 * confirmed (after a 422 over the cap) and one rejected, the plausibility limits with the server's
 * message per field. The states a real job passes through in milliseconds are scripted here: the
 * sales-import endpoints answer from `fake` (the rest of the app, sign-in and the page, is the real
 * server), so each state stays on screen until the test moves it on, and the polling itself is
 * measured: a request per 1–3 s while running, none while the tab is hidden, none after the end.
 * The journey against the real job runs in challenges-admin.test.ts.
 */

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

type Status = 'staging' | 'queued' | 'checking' | 'applying' | 'applied' | 'reverted' | 'failed';

function salesImport(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    file_name: `sprzedaz-${id}.csv`,
    format: 'csv',
    encoding: 'utf-8',
    status: 'queued' as Status,
    error: null,
    rows_total: 12_000,
    rows_accepted: 0,
    rows_skipped: 0,
    rows_rejected: 0,
    rows_summary: 0,
    amount: '0.00',
    amount_corrected: '0.00',
    reps_count: 0,
    created_by: { id: 1, name: 'Adam Administrator' },
    created_at: '2026-11-27T07:00:00.000Z',
    reverted_at: null,
    reverted_by: null,
    can_revert: false,
    rows_checked: 0,
    rows_held: 0,
    amount_held: '0.00',
    queue_position: null as number | null,
    finished_at: null as string | null,
    ...patch,
  };
}

const HELD = [
  {
    row_no: 17,
    document: 'FV/2026/11/0042',
    line: '3',
    sold_on: '2026-11-20',
    warehouse: 'HURT-01',
    rep: { id: 11, asseco_id: 'PH-0011', name: 'Szymon Sprzedawca' },
    product: { id: 3, code: 'KAWA-1KG', name: 'Kawa ziarnista 1 kg' },
    challenge: { id: 5, name: 'Listopadowa kawa' },
    quantity: 4_000,
    amount: '10000.00',
    reason: 'sales.held.quantity',
    reason_text: 'Ilość powyżej limitu 1 000 szt. w wierszu',
  },
  {
    row_no: 18,
    document: 'FV/2026/11/0043',
    line: '1',
    sold_on: '2026-11-21',
    warehouse: 'HURT-01',
    rep: { id: 12, asseco_id: 'PH-0012', name: 'Ewa Nowak' },
    product: { id: 3, code: 'KAWA-1KG', name: 'Kawa ziarnista 1 kg' },
    challenge: { id: 5, name: 'Listopadowa kawa' },
    quantity: 1_500,
    amount: '3750.00',
    reason: 'sales.held.quantity',
    reason_text: 'Ilość powyżej limitu 1 000 szt. w wierszu',
  },
];

const OVER_CAP = 'Zatwierdzenie przekroczyłoby 1 000 000,00 zł dla jednego przedstawiciela w jednym imporcie';

/** The scripted sales-import endpoints: what each answers now, and every call they got. */
function fakeServer() {
  const running = salesImport(501, { status: 'applying', rows_checked: 12_000, rows_accepted: 3_000 });
  const fake = {
    mine: salesImport(502, { file_name: 'sprzedaz-listopad.csv', queue_position: 2 }),
    other: running,
    held: [...HELD],
    uploaded: false,
    /** GET /api/sales-imports (the history) calls. */
    listCalls: 0,
    /** GET /api/sales-imports/502 calls, with their time. */
    polls: [] as number[],
    confirmFails: true,
    settings: { max_row_quantity: 1_000, max_rep_amount: '10000.00', updated_at: null as string | null },
    decisions: [] as { kind: string; body: unknown }[],
  };
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  const handler = async (route: Route) => {
    const req = route.request();
    const url = new URL(req.url());
    const p = url.pathname;
    if (p === '/api/sales-imports/manager-reclaims') return route.continue();
    if (p === '/api/sales-imports' && req.method() === 'POST') {
      await new Promise((r) => setTimeout(r, 600));
      fake.uploaded = true;
      return json(route, 202, { ...fake.mine, message: 'Plik przyjęty: import czeka w kolejce' });
    }
    if (p === '/api/sales-imports') {
      fake.listCalls += 1;
      const data = fake.uploaded ? [fake.mine, fake.other] : [fake.other];
      return json(route, 200, { current_page: 1, last_page: 1, total: data.length, data });
    }
    if (p === '/api/sales-imports/settings' && req.method() === 'PUT') {
      const body = req.postDataJSON() as { max_row_quantity: string; max_rep_amount: string };
      const errors: Record<string, string[]> = {};
      if (!/^\d+$/.test(body.max_row_quantity) || Number(body.max_row_quantity) > 1_000_000)
        errors.max_row_quantity = ['Liczba sztuk w wierszu musi być liczbą całkowitą od 1 do 1 000 000'];
      if (Number(body.max_rep_amount.replace(',', '.')) > 1_000_000)
        errors.max_rep_amount = ['Kwota na przedstawiciela musi być od 1,00 zł do 1 000 000,00 zł'];
      if (Object.keys(errors).length > 0) return json(route, 422, { message: 'Popraw zaznaczone pola', errors });
      fake.settings = {
        max_row_quantity: Number(body.max_row_quantity),
        max_rep_amount: Number(body.max_rep_amount.replace(',', '.')).toFixed(2),
        updated_at: '2026-11-27T07:05:00.000Z',
      };
      return json(route, 200, { ...fake.settings, message: 'Limity zostały zapisane' });
    }
    if (p === '/api/sales-imports/settings') return json(route, 200, fake.settings);
    if (p === '/api/sales-imports/502') {
      fake.polls.push(Date.now());
      return json(route, 200, fake.mine);
    }
    if (p === '/api/sales-imports/502/held') {
      const data = fake.held;
      return json(route, 200, { current_page: 1, last_page: 1, total: data.length, data });
    }
    const decision = /^\/api\/sales-imports\/502\/held\/(confirm|reject)$/.exec(p);
    if (decision && req.method() === 'POST') {
      const body = req.postDataJSON() as { rows: number[] };
      fake.decisions.push({ kind: decision[1] as string, body });
      if (decision[1] === 'confirm' && fake.confirmFails) {
        fake.confirmFails = false;
        return json(route, 422, { message: OVER_CAP });
      }
      const chosen = fake.held.filter((r) => body.rows.includes(r.row_no));
      fake.held = fake.held.filter((r) => !body.rows.includes(r.row_no));
      const paid = decision[1] === 'confirm' ? chosen.reduce((s, r) => s + Number(r.amount), 0) : 0;
      fake.mine = {
        ...fake.mine,
        rows_held: fake.held.length,
        amount_held: fake.held.reduce((s, r) => s + Number(r.amount), 0).toFixed(2),
        rows_accepted: fake.mine.rows_accepted + (decision[1] === 'confirm' ? chosen.length : 0),
        rows_rejected: fake.mine.rows_rejected + (decision[1] === 'reject' ? chosen.length : 0),
        amount: (Number(fake.mine.amount) + paid).toFixed(2),
      };
      return json(route, 200, {
        ...fake.mine,
        message: decision[1] === 'confirm' ? 'Zatwierdzono 1 wiersz' : 'Odrzucono 1 wiersz',
      });
    }
    return json(route, 404, { message: 'Nie znaleziono importu' });
  };
  return { fake, handler };
}

/** Hides or shows the tab as the browser would (react-query's focus manager listens to this). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** An element's text with its no-break spaces (thousands, 'zł') read as spaces. */
const textOf = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s/g, ' ');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the import page follows a background import', () => {
  const browser = useBrowser();

  // The two widths at once: each test waits most of its 30 s for the page's timers (polls, the
  // hidden tab's silence), each on its own page and its own scripted endpoints.
  for (const viewport of [WIDE, PHONE]) {
    test.concurrent(`${viewport.width}px: 202 and the queue, progress, the result with held rows decided, the limits`, async (ctx) => {
      const { fake, handler } = fakeServer();
      const page = await browser.newPage({ viewport }, ctx);
      await signIn(page, ACCOUNTS.admin);
      await page.route('**/api/sales-imports**', handler);
      await page.goto('/challenges/imports');
      await page.getByRole('heading', { name: 'Import sprzedaży' }).waitFor();
      const size = viewport.width;

      // The other import is being paid: the history shows it with its progress.
      const history = page.getByRole('table', { name: 'Historia importów' });
      await history.locator('tr').filter({ hasText: 'sprzedaz-501.csv' }).getByText('Naliczany').waitFor();
      await history.getByText('3 000 z 12 000 wierszy').waitFor();

      // Upload: 202, the import waits behind the other one.
      await page.getByTestId('sales-file-input').setInputFiles({
        name: 'sprzedaz-listopad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('dokument,pozycja,data sprzedaży,hurtownia,przedstawiciel,produkt,ilość\r\n'),
      });
      await page.getByRole('button', { name: 'Importuj' }).click();
      await toast(page, 'Plik przyjęty: import czeka w kolejce');
      const card = page.getByTestId('import-running');
      await card.getByText('Czeka w kolejce: 2. w kolejności (przed nim 1 import)').waitFor();
      await card.getByText('W kolejce', { exact: true }).waitFor();
      await page.mouse.move(0, 0);
      await shot(page, `import-queued-${size}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Polling: every 1 s at first, backing off to 3 s; nothing while the tab is hidden, at once when shown.
      await sleep(2_500);
      expect(fake.polls.length).toBeGreaterThanOrEqual(3);
      const gaps = fake.polls.slice(1).map((at, i) => at - (fake.polls[i] as number));
      for (const gap of gaps) {
        expect(gap).toBeGreaterThan(700);
        expect(gap).toBeLessThan(3_500);
      }
      // The history asks again every 3 s while one of its imports runs.
      const listed = fake.listCalls;
      await sleep(3_500);
      expect(fake.listCalls).toBeGreaterThan(listed);
      await setHidden(page, true);
      await sleep(300);
      const hiddenAt = fake.polls.length;
      await sleep(3_500);
      expect(fake.polls.length).toBe(hiddenAt);
      await setHidden(page, false);
      await expect.poll(() => fake.polls.length, { timeout: 3_000 }).toBeGreaterThan(hiddenAt);

      fake.mine = { ...fake.mine, queue_position: 1 };
      await card.getByText('Czeka w kolejce: rozpocznie się jako następny').waitFor();

      fake.mine = { ...fake.mine, status: 'checking', queue_position: null, rows_checked: 4_800 };
      await card.getByText('Krok 1 z 2: sprawdzanie wierszy, 4 800 z 12 000').waitFor();
      expect(
        await card.getByTestId('import-progress-bar').locator('[role="progressbar"]').getAttribute('aria-valuenow'),
      ).toBe('40');

      fake.mine = {
        ...fake.mine,
        status: 'applying',
        rows_checked: 12_000,
        rows_accepted: 7_950,
        rows_rejected: 40,
        rows_skipped: 10,
        rows_held: 2,
        amount_held: '13750.00',
        amount: '19875.00',
      };
      await card.getByText('Krok 2 z 2: naliczanie nagród, 8 002 z 12 000 wierszy').waitFor();
      await card
        .getByTestId('progress-amount')
        .filter({ hasText: zl('19875.00') })
        .waitFor();
      await page.mouse.move(0, 0);
      await shot(page, `import-running-${size}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Done: the result, the toast, and the held rows' panel; the polling stops.
      fake.mine = {
        ...fake.mine,
        status: 'applied',
        rows_accepted: 11_950,
        amount: '29875.00',
        reps_count: 37,
        can_revert: true,
        finished_at: '2026-11-27T07:03:00.000Z',
      };
      const result = page.getByTestId('import-result');
      await result.getByTestId('result-held').filter({ hasText: '2' }).waitFor();
      await toast(page, 'Import „sprzedaz-listopad.csv” zakończony: 2 wiersze czekają na decyzję');
      expect(await textOf(result.getByTestId('result-accepted'))).toBe('11 950');
      const held = page.getByTestId('held-rows');
      await held.getByRole('heading', { name: `Wstrzymane wiersze: 2 wiersze na ${zl('13750.00')}` }).waitFor();
      const stoppedAt = fake.polls.length;
      await sleep(3_500);
      expect(fake.polls.length).toBe(stoppedAt);

      const table = held.getByRole('table', { name: 'Wstrzymane wiersze: sprzedaz-listopad.csv' });
      await table.getByText('Szymon Sprzedawca').waitFor();
      // The finished import's toast gone first (its grey text mid-fade reads as low contrast).
      await expect.poll(() => page.getByRole('alert').count(), { timeout: 10_000 }).toBe(0);
      await page.mouse.move(0, 0);
      await shot(page, `import-held-${size}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Confirm row 17: the server refuses over the cap (its message is the toast), then pays it.
      const row17 = table.locator('tr').filter({ hasText: 'FV/2026/11/0042' });
      const row18 = table.locator('tr').filter({ hasText: 'FV/2026/11/0043' });
      await row17.getByRole('checkbox').check();
      await held.getByRole('button', { name: 'Zatwierdź zaznaczone (1)' }).click();
      await toast(page, OVER_CAP);
      await held.getByRole('button', { name: 'Zatwierdź zaznaczone (1)' }).click();
      await toast(page, 'Zatwierdzono 1 wiersz');
      await row17.waitFor({ state: 'detached' });
      await held.getByRole('heading', { name: `Wstrzymane wiersze: 1 wiersz na ${zl('3750.00')}` }).waitFor();
      await result.getByTestId('result-accepted').filter({ hasText: '11 951' }).waitFor();

      // Reject row 18: it joins the refused rows, the panel goes.
      await row18.getByRole('checkbox').check();
      await held.getByRole('button', { name: 'Odrzuć zaznaczone (1)' }).click();
      await toast(page, 'Odrzucono 1 wiersz');
      await held.waitFor({ state: 'detached' });
      expect(await textOf(result.getByTestId('result-rejected'))).toBe('41');
      expect(fake.decisions).toEqual([
        { kind: 'confirm', body: { rows: [17] } },
        { kind: 'confirm', body: { rows: [17] } },
        { kind: 'reject', body: { rows: [18] } },
      ]);

      // The limits: the server's message under each field, then saved.
      const limits = page.getByTestId('import-limits');
      await limits.getByText(/nigdy nie wypłaci przedstawicielowi więcej niż 1\s000\s000\szł/).waitFor();
      const units = limits.getByRole('textbox', { name: 'Najwięcej sztuk w jednym wierszu' });
      const amount = limits.getByRole('textbox', { name: 'Najwięcej dla przedstawiciela w jednym imporcie' });
      expect(await units.inputValue()).toBe('1000');
      expect(await amount.inputValue()).toBe('10000');
      await units.fill('12,5');
      await amount.fill('2000000');
      await limits.getByRole('button', { name: 'Zapisz limity' }).click();
      await limits.getByText('Liczba sztuk w wierszu musi być liczbą całkowitą od 1 do 1 000 000').waitFor();
      await limits.getByText('Kwota na przedstawiciela musi być od 1,00 zł do 1 000 000,00 zł').waitFor();
      await limits.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await shot(page, `import-limits-${size}`);
      expect(await seriousViolations(page, '[data-testid="import-limits"]')).toEqual([]);
      await units.fill('500');
      await amount.fill('5 000,50');
      await limits.getByRole('button', { name: 'Zapisz limity' }).click();
      await toast(page, 'Limity zostały zapisane');
      expect(fake.settings).toMatchObject({ max_row_quantity: 500, max_rep_amount: '5000.50' });
      expect(await amount.inputValue()).toBe('5000,50');
      await limits.getByText(/^Zmieniono /).waitFor();
    }, 120_000);
  }
});
