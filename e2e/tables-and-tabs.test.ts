import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { openInApp } from './support/in-app.ts';

/**
 * The back office's wide tables and tab strips (issue 10, items 7, 11 and 12), at 390×844 and
 * 1440×900: a row's name and actions stay in view while the other columns scroll under them, the
 * table says it scrolls, tab strips scroll to every tab, a card's badge never covers its date, and
 * the warehouse delete dialog names the warehouse once.
 */

const WIDTHS: [string, BrowserContextOptions][] = [
  ['390×844', { viewport: PHONE, isMobile: true, hasTouch: true }],
  ['1440×900', { viewport: WIDE }],
];

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const box = (l: Locator): Promise<Box> =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });

/** The table's scrolling box (the data table's scroll viewport). */
const viewportOf = (table: Locator) =>
  table.locator('xpath=ancestor::*[contains(@class,"mantine-ScrollArea-viewport")][1]');

/**
 * The element is inside the table's frame and the window, and is what a tap at its centre hits
 * (not a column scrolled over it). Scrolls the page only vertically, never the table.
 */
async function expectInView(page: Page, table: Locator, target: Locator, what: string) {
  await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.top - window.innerHeight / 2);
  });
  const frame = await box(viewportOf(table));
  const b = await box(target);
  const width = await page.evaluate(() => window.innerWidth);
  expect(b.left, `${what}: left edge`).toBeGreaterThanOrEqual(Math.max(frame.left, 0) - 0.5);
  expect(b.right, `${what}: right edge`).toBeLessThanOrEqual(Math.min(frame.right, width) + 0.5);
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return at !== null && (at === el || el.contains(at));
  });
  expect(hit, `${what}: covered by something else`).toBe(true);
}

async function scrollTable(table: Locator, to: 'start' | 'end') {
  await viewportOf(table).evaluate((v, where) => {
    v.scrollLeft = where === 'start' ? 0 : v.scrollWidth;
  }, to);
}

/** A column's header cell by its title (sortable headers are buttons, not columnheaders, in the data table). */
const header = (table: Locator, title: string) =>
  table.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });

const scrollLeftOf = (table: Locator) => viewportOf(table).evaluate((v) => v.scrollLeft);

describe.each(WIDTHS)('back-office tables at %s', (label, size) => {
  const browser = useBrowser();
  const phone = label.startsWith('390');

  test('the warehouse table keeps each name and its edit and delete in view', async () => {
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin);
    const table = page.getByRole('table', { name: 'Hurtownie', exact: true });
    await table.getByRole('button', { name: 'Edytuj hurtownię' }).first().waitFor();
    expect(await scrollLeftOf(table)).toBe(0);
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBe(10);
    for (const i of [0, count - 1]) {
      const row = rows.nth(i);
      await expectInView(page, table, row.getByRole('link').first(), `row ${i} name`);
      await expectInView(page, table, row.getByRole('button', { name: 'Edytuj hurtownię' }), `row ${i} edit`);
      await expectInView(page, table, row.getByRole('button', { name: 'Usuń hurtownię' }), `row ${i} delete`);
    }
    if (phone) {
      // On a phone it scrolls sideways, says so, and the name and actions stay while the rest moves.
      await page.getByTestId('table-scroll-hint').waitFor();
      await scrollTable(table, 'end');
      expect(await scrollLeftOf(table)).toBeGreaterThan(0);
      await expectInView(page, table, header(table, 'Kwota'), 'amount header');
      await expectInView(page, table, rows.first().getByRole('link').first(), 'name after scrolling');
      await expectInView(page, table, rows.first().getByRole('button', { name: 'Usuń hurtownię' }), 'delete after');
    } else {
      // At 1440 px the whole table fits: nothing to scroll, no hint.
      expect(await viewportOf(table).evaluate((v) => v.scrollWidth - v.clientWidth)).toBeLessThanOrEqual(1);
      expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    }
  });

  test('the sales rep table keeps surname, name and actions in view and says it scrolls sideways', async () => {
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('tab', { name: 'Przedstawiciele handlowi' }).click();
    const table = page.getByRole('table', { name: 'Przedstawiciele handlowi', exact: true });
    await table.getByRole('button', { name: 'Edytuj przedstawiciela' }).first().waitFor();
    // Wider than any screen (the spec's sixteen columns): it scrolls inside its frame, and says so.
    expect(await viewportOf(table).evaluate((v) => v.scrollWidth > v.clientWidth)).toBe(true);
    await page.getByTestId('table-scroll-hint').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const row = table.locator('tbody tr').first();
    const links = row.getByRole('link');
    for (const where of ['start', 'end'] as const) {
      await scrollTable(table, where);
      await expectInView(page, table, links.nth(0), `surname (${where})`);
      if (!phone) await expectInView(page, table, links.nth(1), `name (${where})`);
      await expectInView(page, table, row.getByRole('button', { name: 'Edytuj przedstawiciela' }), `edit (${where})`);
      await expectInView(page, table, row.getByRole('button', { name: 'Usuń przedstawiciela' }), `delete (${where})`);
    }
    // Scrolled to the end, the last column that scrolls (the activation link) is there to use.
    await expectInView(page, table, header(table, 'Wyślij link aktywacyjny'), 'activation header');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the admin withdrawals table keeps each row’s actions in view', async () => {
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin, { at: '/withdraw' });
    const table = page.getByRole('table', { name: 'Wypłaty', exact: true });
    const actions = table.getByRole('button', { name: /^Akcje \d+$/ });
    await actions.first().waitFor();
    await expectInView(page, table, actions.first(), 'actions');
    await scrollTable(table, 'end');
    await expectInView(page, table, actions.first(), 'actions after scrolling');
  });
});

describe.each(WIDTHS)('tab strips and cards at %s', (label, size) => {
  const browser = useBrowser();
  const phone = label.startsWith('390');

  test('every tab of the dashboard and of the details pages can be reached and shows whole', async () => {
    const token = await apiLogin(ACCOUNTS.admin.email);
    const warehouses = await api<{ data: { id: number }[] }>('GET', '/api/warehouses', { token });
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin);
    for (const [path, strip, tabs] of [
      ['/dashboard', 'Menu administratora', ['Hurtownie', 'Przedstawiciele handlowi', 'Kierownicy regionalni (RKS)']],
      [`/warehouse/details/${warehouses.body.data[0]?.id}`, null, ['Dane', 'Administratorzy', 'Przedstawiciele (PH)']],
      ['/sales-rep/details/6', null, ['Wyzwania', 'Quizy', 'Informacje']],
    ] as const) {
      await openInApp(page, path);
      const list = strip ? page.getByRole('tablist', { name: strip }) : page.getByRole('tablist').first();
      await list.getByRole('tab').first().waitFor();
      for (const name of tabs) {
        const tab = list.getByRole('tab', { name, exact: true });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        // The chosen tab scrolls whole into the strip, which never makes the page scroll sideways.
        await expect
          .poll(
            async () => {
              const [t, l] = [await box(tab), await box(list)];
              return t.left >= l.left - 0.5 && t.right <= l.right + 0.5;
            },
            { message: `${path}: tab ${name} not whole` },
          )
          .toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    }

    // The dashboard's strip is wider than a phone: an arrow scrolls it, and fades mark the cut side.
    await openInApp(page, '/dashboard');
    const list = page.getByRole('tablist', { name: 'Menu administratora' });
    const last = list.getByRole('tab', { name: 'Kierownicy regionalni (RKS)' });
    await list.getByRole('tab').first().waitFor();
    if (phone) {
      expect(await list.evaluate((l) => l.scrollWidth > l.clientWidth)).toBe(true);
      await page.getByRole('button', { name: 'Przewiń w prawo' }).click();
      await expect
        .poll(async () => (await box(last)).right <= (await box(list)).right + 0.5, {
          message: 'the arrow shows the last tab',
        })
        .toBe(true);
      await page.getByRole('button', { name: 'Przewiń w lewo' }).waitFor();
    } else {
      expect(await page.getByRole('button', { name: 'Przewiń w prawo' }).count()).toBe(0);
      expect((await box(last)).right).toBeLessThanOrEqual((await box(list)).right + 0.5);
    }
  });

  test('a card’s “current” badge never covers its date', async () => {
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin, { at: '/sales-rep/details/6' });
    const cards = page.getByRole('table', { name: 'Karty' });
    const badge = cards.getByText('Aktualna');
    await badge.waitFor();
    const row = cards.locator('tbody tr').filter({ hasText: 'Aktualna' });
    const date = row.locator('td').nth(1);
    expect(await date.innerText()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const [b, numberCell] = [await box(badge), await box(row.locator('td').first())];
    // The date's text, not its cell: a badge may sit beside the cell's padding, never over the digits.
    const d = await date.evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    const overlaps = b.left < d.right && d.left < b.right && b.top < d.bottom && d.top < b.bottom;
    expect(overlaps, `badge ${JSON.stringify(b)} over date ${JSON.stringify(d)}`).toBe(false);
    // The badge stays inside its own cell.
    expect(b.right).toBeLessThanOrEqual(numberCell.right + 0.5);
  });

  test('the warehouse delete dialog names the warehouse once', async () => {
    const token = await apiLogin(ACCOUNTS.admin.email);
    const all = await api<{ data: { name: string; asseco_id: string }[] }>(
      'GET',
      `/api/warehouses?per_page=100&search=${encodeURIComponent('Hurtownia')}`,
      { token },
    );
    const w = all.body.data.find((x) => x.name.startsWith('Hurtownia '));
    if (!w) throw new Error('no seeded warehouse named "Hurtownia …"');
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('searchbox', { name: 'Szukaj' }).fill(w.name);
    await page
      .getByTestId('table-total')
      .filter({ hasText: /^Razem: 1$/ })
      .waitFor();
    const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: w.name }) });
    await row.getByRole('button', { name: 'Usuń hurtownię' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usunąć hurtownię?' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain(`Usuniesz „${w.name}” (${w.asseco_id}). Tej operacji nie można cofnąć.`);
    expect(text).not.toMatch(/Hurtownia\s+[„"]?Hurtownia/);
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Cancelled: the warehouse is still there.
    await row.getByRole('link', { name: w.name }).waitFor();
  });
});
