import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { PL_MONTHS_LONG, warsawToday } from './support/dates.ts';
import { baseUrl } from './support/env.ts';
import { openInApp } from './support/in-app.ts';
import { searchTable, toast } from './support/ui.ts';

/*
 * The quiz back office (issue 13 points 1-3, SPEC.md sections 2, 4, 5): an admin authors a quiz with
 * a closed and an open question, meets the editor's checks, completes the summary with the date
 * picker and finds it active in the list; edits and deletes quizzes; reads the results and the CSV;
 * and the rep details' quiz tab lists a rep's attempts.
 */

/** A 16×16 PNG: the drop zone's file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGO4YGBAEmIY1TCqYfhqAAA+XjAQexaBIwAAAABJRU5ErkJggg==',
  'base64',
);
/** dayjs' Polish short month names: the picker's month level. */
const PL_MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
interface QuizRow {
  id: number;
  name: string;
  is_active: boolean;
}
interface RepQuiz {
  questions: { id: number; type: string; answers: { id: number; answer_text: string }[] }[];
}

/** Picks a day in the summary's date picker: it opens on the decade, then year, month and day. */
async function pickDate(page: Page, label: string, date: Date) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.getByRole('button', { name: String(date.getFullYear()), exact: true }).click();
  await dropdown.getByRole('button', { name: PL_MONTHS[date.getMonth()], exact: true }).click();
  await dropdown
    .getByRole('button', {
      name: `${date.getDate()} ${PL_MONTHS_LONG[date.getMonth()]} ${date.getFullYear()}`,
      exact: true,
    })
    .first()
    .click();
}

/** A quiz authored through the API (multipart, as the editor sends it), for the tests that do not author one. */
async function createQuizByApi(token: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('name', name);
  form.append('lead', 'Krótki wstęp');
  form.append('text', '<p>Treść quizu</p>');
  form.append(
    'questions',
    JSON.stringify([
      {
        questionText: '<p>Stolica Polski?</p>',
        type: 'multiple_choice',
        points: 10,
        answers: [
          { answerText: 'Warszawa', isCorrect: true },
          { answerText: 'Kraków', isCorrect: false },
        ],
      },
      { questionText: '<p>Co sprzedajesz najczęściej?</p>', type: 'text', points: 10, answers: [] },
    ]),
  );
  const res = await fetch(`${baseUrl()}/api/quiz`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'pl' },
    body: form,
  });
  const body = (await res.json()) as { quiz_id: number };
  expect(res.status).toBe(201);
  return body.quiz_id;
}

async function activateByApi(token: string, id: number) {
  const today = warsawToday();
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${today.getFullYear()}.${pad(today.getMonth() + 1)}.${pad(today.getDate())}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: `Quiz wyników ${id}`,
    lead: 'Wstęp',
    text: '<p>Treść</p>',
    date_from: `${day} 00:00:00`,
    date_to: `${day} 23:59:59`,
    is_one_time: 'true',
    price: '15',
    is_survey: 'false',
    correct_answers: '1',
  }))
    form.append(k, v);
  const res = await fetch(`${baseUrl()}/api/quiz/${id}/submit-details`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'pl' },
    body: form,
  });
  expect(res.status).toBe(200);
}

describe('quiz back office', () => {
  const browser = useBrowser();

  test('an admin creates a quiz with closed and open questions, completes the summary', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/quiz' });
    await page.getByRole('link', { name: 'Dodaj quiz' }).click();
    await page.waitForURL('**/quiz/create');

    // A question needs the general fields first.
    await page.getByRole('button', { name: 'Dodaj pytanie' }).click();
    await toast(page, 'Uzupełnij nazwę, wstęp i treść quizu, zanim dodasz pytanie');
    expect(await page.getByRole('tab', { name: 'PYT 1' }).count()).toBe(0);

    const name = `Quiz e2e ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Nazwa', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Wstęp', exact: true }).fill('Sprawdź, co wiesz o produktach');
    await page.getByRole('textbox', { name: 'Treść', exact: true }).fill('Quiz o nowej linii produktów.');
    // A wrong file is refused with a toast; a PNG shows its preview.
    await page
      .getByLabel('Zdjęcie', { exact: true })
      .setInputFiles({ name: 'notatka.txt', mimeType: 'text/plain', buffer: Buffer.from('tekst') });
    await toast(page, 'Nieprawidłowy plik');
    await page
      .getByLabel('Zdjęcie', { exact: true })
      .setInputFiles({ name: 'okladka.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Zdjęcie' }).waitFor();

    // PYT 1: closed, one answer marked incorrect from the start; a second answer left empty.
    await page.getByRole('button', { name: 'Dodaj pytanie' }).click();
    const tab1 = page.getByRole('tab', { name: 'PYT 1' });
    expect(await tab1.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('textbox', { name: 'Treść pytania 1' }).fill('Która woda jest gazowana?');
    const correct1 = page.getByRole('radiogroup', { name: 'Czy odpowiedź 1 jest poprawna?' });
    expect(await correct1.getByRole('radio', { name: 'Nie' }).isChecked()).toBe(true);
    await correct1.getByRole('radio', { name: 'Tak' }).check();
    await page.getByRole('textbox', { name: 'Treść odpowiedzi 1' }).fill('Musująca');
    await page.getByRole('button', { name: 'Dodaj odpowiedź' }).click();
    expect(await page.getByRole('tab', { name: 'ODP 2' }).getAttribute('aria-selected')).toBe('true');

    // PYT 2: open, no answer list.
    await page.getByRole('button', { name: 'Dodaj pytanie' }).click();
    await page.getByRole('textbox', { name: 'Treść pytania 2' }).fill('Co klienci kupują najczęściej?');
    await page.getByRole('radio', { name: 'Otwarte' }).check();
    expect(await page.getByRole('button', { name: 'Dodaj odpowiedź' }).count()).toBe(0);

    // Save with the empty answer: a warning, and its question and answer tabs are selected.
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Uzupełnij odpowiedź zanim zapiszesz zmiany');
    expect(await tab1.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'ODP 2' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('textbox', { name: 'Treść odpowiedzi 2' }).fill('Niegazowana');

    // The delete dialog: no trash for a sole answer (PYT 2 is open: none listed), both questions removable.
    await page.getByRole('button', { name: 'Usuń', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Usuń pytania lub odpowiedzi' });
    await dialog.getByRole('button', { name: 'Usuń PYT 1 ODP 2' }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Usuń PYT \d$/ }).count()).toBe(2);
    await dialog.getByRole('button', { name: 'Zamknij' }).click();

    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Quiz został utworzony, dokończ ostatni formularz aby go aktywować');
    await page.waitForURL(/\/quiz\/\d+\/summary$/);
    const id = Number(/\/quiz\/(\d+)\/summary/.exec(page.url())?.[1]);

    // The summary: the reward and both dates are required.
    await page.getByRole('button', { name: 'Zapisz i aktywuj' }).click();
    await toast(page, 'Uzupełnij pole nagroda');
    await page.getByRole('textbox', { name: 'Nagroda (zł)' }).fill('25');
    await page.getByRole('button', { name: 'Zapisz i aktywuj' }).click();
    await toast(page, 'Uzupełnij pole data od oraz data do');
    const today = warsawToday();
    await pickDate(page, 'Data od', today);
    await pickDate(page, 'Data do', today);
    const pad = (n: number) => String(n).padStart(2, '0');
    const shown = `${pad(today.getDate())}.${pad(today.getMonth() + 1)}.${today.getFullYear()}`;
    expect(await page.getByRole('button', { name: 'Data od', exact: true }).textContent()).toBe(shown);
    // Defaults: one-time yes, survey no.
    expect(
      await page.getByRole('radiogroup', { name: 'Quiz jednorazowy' }).getByRole('radio', { name: 'Tak' }).isChecked(),
    ).toBe(true);
    expect(
      await page.getByRole('radiogroup', { name: 'Ankieta' }).getByRole('radio', { name: 'Nie' }).isChecked(),
    ).toBe(true);
    // The required answers start open, proposing the number of questions (issue 27 point 1); more
    // than the questions is refused at the field.
    const required = page.getByRole('textbox', { name: 'Wymagana liczba poprawnych odpowiedzi' });
    expect(await required.inputValue()).toBe('2');
    await page.getByText('Pytań w quizie: 2').waitFor();
    await required.fill('5');
    await page.getByRole('button', { name: 'Zapisz i aktywuj' }).click();
    const tooMany = 'Wymaganych odpowiedzi nie może być więcej niż pytań (2)';
    await toast(page, tooMany);
    expect(await required.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain(`/quiz/${id}/summary`);
    await required.fill('1');
    await page.getByRole('button', { name: 'Zapisz i aktywuj' }).click();
    await toast(page, 'Quiz został zapisany i aktywowany');
    await page.waitForURL((u) => u.pathname === '/quiz');

    const row = page.locator('tr').filter({ hasText: name });
    await row.getByText('Aktywny').waitFor();
    // The programme's days are Warsaw days, whatever the browser's time zone; lists show DD-MM-YYYY
    // (decision 046), the picker DD.MM.YYYY.
    const listed = shown.replaceAll('.', '-');
    await row.getByText(`${listed} – ${listed}`).waitFor();

    // The server has what the editor sent.
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const saved = await api<{
      is_active: boolean;
      value: string;
      correct_answers: number;
      image: unknown;
      questions: { type: string; answers: { answer_text: string; is_correct: boolean }[] }[];
    }>('GET', `/api/quiz/${id}`, { token: admin });
    expect(saved.body.is_active).toBe(true);
    expect(saved.body.value).toBe('25.00');
    expect(saved.body.correct_answers).toBe(1);
    expect(saved.body.image).not.toBeNull();
    expect(saved.body.questions.map((q) => q.type)).toEqual(['multiple_choice', 'text']);
    expect(saved.body.questions[0]?.answers).toEqual([
      expect.objectContaining({ answer_text: 'Musująca', is_correct: true }),
      expect.objectContaining({ answer_text: 'Niegazowana', is_correct: false }),
    ]);

    // Edit: the record loads in read mode; the General tab saves by itself.
    await row.getByRole('button', { name: `Edytuj quiz ${name}` }).click();
    await page.waitForURL(`**/quiz/${id}`);
    expect(await page.getByRole('textbox', { name: 'Nazwa', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edytuj pole Nazwa' }).click();
    await page.getByRole('textbox', { name: 'Nazwa', exact: true }).fill(`${name} (zmieniony)`);
    await page.getByRole('button', { name: 'Zatwierdź pole Nazwa' }).click();
    await page.getByText(`${name} (zmieniony)`).waitFor();
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    // A live quiz stays live: the edit waits for its summary (issue 27 point 2).
    await toast(page, 'Zapisano. Do zapisania podsumowania reprezentanci widzą poprzednią wersję quizu');
    await page.waitForURL(`**/quiz/${id}/summary`);
    // The summary keeps what was set before.
    expect(await page.getByRole('textbox', { name: 'Nagroda (zł)' }).inputValue()).toBe('25 zł');
    expect(await page.getByRole('button', { name: 'Data od', exact: true }).textContent()).toBe(shown);
    const after = await api<{ name: string }>('GET', `/api/quiz/${id}`, { token: admin });
    expect(after.body.name).toBe(`${name} (zmieniony)`);
  });

  test('an admin deletes a quiz with the confirmation dialog', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const name = `Do usunięcia ${Date.now()}`;
    const id = await createQuizByApi(admin, name);
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/quiz' });
    await searchTable(page, name);
    const row = page.locator('tr').filter({ hasText: name });
    await row.getByText('Szkic').waitFor();
    await row.getByRole('button', { name: `Usuń quiz ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Usuń quiz' });
    await dialog.getByText(name).waitFor();
    await dialog.getByRole('button', { name: 'Usuń' }).click();
    await toast(page, 'Quiz został usunięty');
    await row.waitFor({ state: 'detached' });
    const list = await api<{ data: QuizRow[] }>('GET', `/api/quiz?search=${encodeURIComponent(name)}`, {
      token: admin,
    });
    expect(list.body.data.some((q) => q.id === id)).toBe(false);
  });

  test('results: answer counts, open answers and the CSV; the rep details quiz tab lists the attempt', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const id = await createQuizByApi(admin, `Wyniki ${Date.now()}`);
    await activateByApi(admin, id);
    const seller = await apiLogin(ACCOUNTS.seller.email);
    const quiz = await api<RepQuiz>('GET', `/api/quiz/${id}`, { token: seller });
    const [closed, open] = quiz.body.questions;
    if (!closed || !open) throw new Error('the quiz has two questions');
    const warsaw = closed.answers.find((a) => a.answer_text === 'Warszawa');
    const typed = `Woda mineralna ${Date.now()}`;
    const submitted = await api('POST', `/api/quiz/${id}/submit`, {
      token: seller,
      body: {
        answers: [
          { questionId: closed.id, answerId: warsaw?.id },
          { questionId: open.id, answerText: typed },
        ],
      },
    });
    expect(submitted.status).toBe(200);

    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/quiz' });
    await page.getByRole('link', { name: `Wyniki quizu Quiz wyników ${id}` }).click();
    await page.waitForURL(`**/quiz/${id}/results`);
    await page.getByRole('progressbar', { name: 'Odpowiedź A: 1' }).waitFor();
    // An empty bar has no width: present, not visible.
    await page.getByRole('progressbar', { name: 'Odpowiedź B: 0' }).waitFor({ state: 'attached' });
    await page.getByRole('cell', { name: typed }).waitFor();
    await page.getByRole('cell', { name: ACCOUNTS.seller.email }).first().waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Eksport CSV' }).click(),
    ]);
    const file = await download.path();
    const csv = await readFile(file, 'utf8');
    expect(csv).toContain(ACCOUNTS.seller.email);
    expect(csv).toContain(typed);

    const me = await api<{ id: number }>('GET', '/api/me', { token: seller });
    await openInApp(page, `/sales-rep/details/${me.body.id}?tab=quiz`);
    const table = page.getByRole('table', { name: 'Quizy' });
    const attempt = table.locator('tr').filter({ hasText: `Quiz wyników ${id}` });
    // The open answer counts as correct when filled: 2 of 2, passed, the reward paid.
    await attempt.getByRole('cell', { name: '2/2' }).waitFor();
    await attempt.getByText('Tak').waitFor();
    await attempt.getByRole('cell', { name: '15,00 zł' }).waitFor();
  });

  test('the editor fits a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.admin, { at: '/quiz/create' });
    await page.getByRole('textbox', { name: 'Nazwa', exact: true }).fill('Quiz na telefonie');
    await page.getByRole('textbox', { name: 'Wstęp', exact: true }).fill('Wstęp');
    await page.getByRole('textbox', { name: 'Treść', exact: true }).fill('Treść');
    await page.getByRole('button', { name: 'Dodaj pytanie' }).click();
    await page.getByRole('textbox', { name: 'Treść pytania 1' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the quiz pages have no serious accessibility violation', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const id = await createQuizByApi(admin, `Dostępność ${Date.now()}`);
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/quiz' });
    await page.getByRole('table', { name: 'Quizy' }).getByText('Szkic').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openInApp(page, `/quiz/${id}`);
    await page.getByRole('tab', { name: 'PYT 1' }).click();
    await page.getByRole('tab', { name: 'ODP 2' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openInApp(page, '/quiz/create');
    await page.getByRole('textbox', { name: 'Treść', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openInApp(page, `/quiz/${id}/summary`);
    await page.getByRole('button', { name: 'Data od', exact: true }).click();
    await page
      .locator('.mantine-Popover-dropdown')
      .getByRole('button', { name: String(new Date().getFullYear()) })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openInApp(page, `/quiz/${id}/results`);
    await page.getByText('Zdawalność').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
