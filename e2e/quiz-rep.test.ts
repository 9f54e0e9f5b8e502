import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, RESULTS_DIR, useBrowser, WIDE } from './support/browser.ts';
import { zl } from './support/money.ts';
import { type CreatedQuiz, createQuiz, type QuestionSpec } from './support/quizzes.ts';
import { toast } from './support/ui.ts';

/**
 * The rep's side of quizzes (issue 13, points 4-5), on phone-sized windows against the real server:
 * quizzes are authored through the real API, then a seller finds them on /quiz-ph, answers one
 * question at a time and reads the result; the wallet and money_to_get come from the server.
 */

/** The narrowest phone the product is built for. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

interface Me {
  id: number;
  email: string;
  wallet: { money: string };
  money_to_get: string;
}
interface ListedUser {
  id: number;
  email: string;
  is_active: boolean;
}

/** Grosze arithmetic on the API's money strings. */
const plus = (a: string, b: string) => ((Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100).toFixed(2);
const minus = (a: string, b: string) => plus(a, (-Number(b)).toFixed(2));

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** Seeded, activated reps (demo password), a different one per test so attempts never mix. */
async function seededRep(admin: string, index: number): Promise<Me> {
  const list = await api<{ data: ListedUser[] }>('GET', '/api/users?role=seller&per_page=100&sort=id&order=asc', {
    token: admin,
  });
  const reps = list.body.data.filter((u) => u.is_active && !u.email.endsWith('@example.com'));
  const rep = reps[index];
  if (!rep) throw new Error(`no seeded active rep #${index}`);
  return (await api<Me>('GET', '/api/me', { token: await apiLogin(rep.email) })).body;
}

const meOf = async (email: string) => (await api<Me>('GET', '/api/me', { token: await apiLogin(email) })).body;

const closed = (text: string, answers: [string, boolean][]): QuestionSpec => ({
  questionText: `<p>${text}</p>`,
  type: 'multiple_choice',
  answers: answers.map(([answerText, isCorrect]) => ({ answerText, isCorrect })),
});
const open = (text: string): QuestionSpec => ({ questionText: `<p>${text}</p>`, type: 'text', answers: [] });

/** The radio of an answer, named by its letter and text ("B. Dwa"). */
function answerRadio(page: Page, quiz: CreatedQuiz, questionIndex: number, correct: boolean) {
  const answers = quiz.questions[questionIndex]?.answers ?? [];
  const i = answers.findIndex((a) => a.is_correct === correct);
  const answer = answers[i];
  if (!answer) throw new Error(`question ${questionIndex} has no ${correct ? 'correct' : 'wrong'} answer`);
  return page.getByRole('radio', { name: `${String.fromCharCode(65 + i)}. ${answer.answer_text}`, exact: true });
}

const nextButton = (page: Page) => page.getByRole('button', { name: 'Dalej' });

/** The quiz's intro (lead, text, video) comes before its first question: start it (issue 27 point 3). */
async function startQuiz(page: Page) {
  await page.getByRole('button', { name: 'Rozpocznij quiz' }).click();
}
const finishButton = (page: Page) => page.getByRole('button', { name: 'Zakończ' });

/** The quiz's card on /quiz-ph (newest first, so a new quiz is on page 1). */
function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

async function openQuizFromList(page: Page, name: string) {
  await page.goto('/quiz-ph');
  await page.getByRole('heading', { name: 'Quizy', level: 1 }).waitFor();
  await card(page, name)
    .getByRole('link', { name: `Więcej: ${name}` })
    .click();
  await startQuiz(page);
  await page.getByText(/^Pytanie 1\/\d+$/).waitFor();
}

describe('rep quizzes', () => {
  const browser = useBrowser();

  test('a seller passes a quiz at 360 px: the wallet grows by exactly the reward and money_to_get drops', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 3);
    const name = unique('Quiz o produktach');
    const quiz = await createQuiz(admin, {
      name,
      price: '7.35',
      correctAnswers: 2,
      withImage: true,
      questions: [
        closed('Ile dni trwa promocja?', [
          ['Siedem', true],
          ['Czternaście', false],
          ['Trzydzieści', false],
        ]),
        closed('Który produkt jest nowy?', [
          ['Stary', false],
          ['Nowy', true],
        ]),
        open('Co najbardziej podoba się Twoim klientom?'),
      ],
    });
    const before = await meOf(rep.email);
    expect(Number(before.money_to_get)).toBeGreaterThanOrEqual(7.35);

    const page = await browser.newPage({ viewport: SMALL_PHONE });
    await signIn(page, { email: rep.email });
    // The home's quiz box: what the rep can still win, and the way to the quizzes.
    await page
      .getByTestId('money-to-get')
      .filter({ hasText: zl(before.money_to_get) })
      .waitFor();
    await page.getByRole('link', { name: 'Rozwiąż quizy' }).click();
    await page.waitForURL((u) => u.pathname === '/quiz-ph');

    const item = card(page, name);
    await item.getByText(zl('7.35')).waitFor();
    await item.getByText('Do rozwiązania').waitFor();
    // The uploaded image, as a <picture> with WebP and JPEG srcsets and its size reserved.
    const img = item.locator('picture img');
    await img.waitFor();
    expect(await item.locator('picture source[type="image/webp"]').getAttribute('srcset')).toMatch(/\.webp \d+w/);
    expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
    await item.getByRole('link', { name: `Więcej: ${name}` }).click();
    await startQuiz(page);

    // Question 1: the heading with the reward, the counter, back disabled, next refuses without an answer.
    await page.getByRole('heading', { name: `${zl('7.35')} do wygrania` }).waitFor();
    await page.getByText('Pytanie 1/3').waitFor();
    await page.getByText('Ile dni trwa promocja?').waitFor();
    expect(await page.getByRole('button', { name: 'Wstecz' }).isDisabled()).toBe(true);
    await nextButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'Musisz wybrać odpowiedź aby przejść dalej' }).waitFor();
    expect(await page.getByText('Pytanie 1/3').isVisible()).toBe(true);
    await answerRadio(page, quiz, 0, true).check();
    await nextButton(page).click();

    // Question 2, and back to 1 keeps the answer.
    await page.getByText('Pytanie 2/3').waitFor();
    expect(await page.getByRole('button', { name: 'Wstecz' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Wstecz' }).click();
    await page.getByText('Pytanie 1/3').waitFor();
    expect(await answerRadio(page, quiz, 0, true).isChecked()).toBe(true);
    await nextButton(page).click();
    await page.getByText('Pytanie 2/3').waitFor();
    await answerRadio(page, quiz, 1, true).check();
    await nextButton(page).click();

    // Question 3 is open: a text input, and a message while it is empty.
    await page.getByText('Pytanie 3/3').waitFor();
    await finishButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'Uzupełnij odpowiedź otwartą aby przejść dalej' }).waitFor();
    await page.getByRole('textbox', { name: 'Twoja odpowiedź' }).fill('Cena i jakość');
    await finishButton(page).click();

    // The result: passed, the reward earned, no repeat.
    await page.waitForURL((u) => u.pathname === '/quiz-ph/summary');
    await page.getByRole('heading', { name: 'Gratulacje ukończyłeś quiz' }).waitFor();
    expect(await page.getByTestId('quiz-score').textContent()).toBe('3 / 3');
    await page.getByText(`Do Twojego portfela trafiło ${zl('7.35')}`).waitFor();
    expect(await page.getByRole('link', { name: 'Powtórz quiz' }).count()).toBe(0);

    // Home: the wallet grew by exactly the reward, and money_to_get dropped by it.
    await page.getByRole('link', { name: 'Wróć do panelu' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const after = await meOf(rep.email);
    expect(after.wallet.money).toBe(plus(before.wallet.money, '7.35'));
    expect(after.money_to_get).toBe(minus(before.money_to_get, '7.35'));
    await page.getByText(zl(after.wallet.money), { exact: true }).first().waitFor();
    await page
      .getByTestId('money-to-get')
      .filter({ hasText: zl(after.money_to_get) })
      .waitFor();

    // The list marks it passed; nothing on the page is wider than the phone.
    await page.goto('/quiz-ph');
    await card(page, name).getByText('Zaliczony').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a failed one-time quiz offers no repeat, is marked done and cannot be opened again', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 4);
    const name = unique('Quiz jednorazowy');
    const quiz = await createQuiz(admin, {
      name,
      price: '5.00',
      correctAnswers: 2,
      isOneTime: true,
      questions: [
        closed('Pierwsze pytanie', [
          ['Dobrze', true],
          ['Źle', false],
        ]),
        closed('Drugie pytanie', [
          ['Źle', false],
          ['Dobrze', true],
        ]),
      ],
    });
    const before = await meOf(rep.email);
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, { email: rep.email });
    await openQuizFromList(page, name);
    await answerRadio(page, quiz, 0, false).check();
    await nextButton(page).click();
    await page.getByText('Pytanie 2/2').waitFor();
    await answerRadio(page, quiz, 1, false).check();
    await finishButton(page).click();

    await page.waitForURL((u) => u.pathname === '/quiz-ph/summary');
    await page.getByRole('heading', { name: 'Tym razem się nie udało' }).waitFor();
    expect(await page.getByTestId('quiz-score').textContent()).toBe('0 / 2');
    await page.getByText('To był quiz jednorazowy, nie można go powtórzyć.').waitFor();
    expect(await page.getByRole('link', { name: 'Powtórz quiz' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Wróć do panelu' }).waitFor();
    expect((await meOf(rep.email)).wallet.money).toBe(before.wallet.money);

    await page.goto('/quiz-ph');
    await card(page, name).getByText('Wykorzystane podejście').waitFor();
    await card(page, name)
      .getByRole('link', { name: `Więcej: ${name}` })
      .click();
    await page.getByText('Ten quiz można rozwiązać tylko raz').waitFor();
    expect(await page.getByText(/^Pytanie \d/).count()).toBe(0);
  });

  test('a failed repeatable quiz offers a repeat, and passing it then pays once', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 5);
    const name = unique('Quiz powtarzalny');
    const quiz = await createQuiz(admin, {
      name,
      price: '3.10',
      correctAnswers: 1,
      isOneTime: false,
      questions: [
        closed('Jedyne pytanie', [
          ['Źle', false],
          ['Dobrze', true],
          ['Też źle', false],
        ]),
      ],
    });
    const before = await meOf(rep.email);
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, { email: rep.email });
    await openQuizFromList(page, name);
    await answerRadio(page, quiz, 0, false).check();
    await finishButton(page).click();

    await page.getByRole('heading', { name: 'Tym razem się nie udało' }).waitFor();
    await page.getByText('Możesz podejść do quizu jeszcze raz, nagroda nadal czeka.').waitFor();
    await page.getByRole('link', { name: 'Powtórz quiz' }).click();
    await page.waitForURL((u) => u.pathname === `/quiz-ph/${quiz.id}`);
    await startQuiz(page);
    await page.getByText('Pytanie 1/1').waitFor();
    await answerRadio(page, quiz, 0, true).check();
    await finishButton(page).click();

    await page.getByRole('heading', { name: 'Gratulacje ukończyłeś quiz' }).waitFor();
    await page.getByText(`Do Twojego portfela trafiło ${zl('3.10')}`).waitFor();
    expect(await page.getByRole('link', { name: 'Powtórz quiz' }).count()).toBe(0);
    expect((await meOf(rep.email)).wallet.money).toBe(plus(before.wallet.money, '3.10'));
  });

  test('a survey always succeeds, whatever the answers', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 6);
    const name = unique('Ankieta');
    const quiz = await createQuiz(admin, {
      name,
      price: '2.00',
      correctAnswers: 2,
      isOneTime: true,
      isSurvey: true,
      questions: [
        closed('Jak oceniasz szkolenie?', [
          ['Dobrze', true],
          ['Słabo', false],
        ]),
        open('Czego brakuje?'),
      ],
    });
    const before = await meOf(rep.email);
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, { email: rep.email });
    await openQuizFromList(page, name);
    await answerRadio(page, quiz, 0, false).check();
    await nextButton(page).click();
    await page.getByRole('textbox', { name: 'Twoja odpowiedź' }).fill('Więcej przykładów');
    await finishButton(page).click();

    await page.getByRole('heading', { name: 'Gratulacje ukończyłeś quiz' }).waitFor();
    await page.getByText('Dziękujemy za wypełnienie ankiety.').waitFor();
    await page.getByText(`Do Twojego portfela trafiło ${zl('2.00')}`).waitFor();
    expect((await meOf(rep.email)).wallet.money).toBe(plus(before.wallet.money, '2.00'));
  });

  test('the list, a question with its message, an open question and the result pass axe on a phone', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 7);
    const name = unique('Quiz dostępny');
    const quiz = await createQuiz(admin, {
      name,
      price: '1.00',
      correctAnswers: 1,
      withImage: true,
      questions: [
        closed('<strong>Pytanie</strong> zamknięte', [
          ['Tak', true],
          ['Nie', false],
        ]),
        open('Pytanie otwarte'),
      ],
    });
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, { email: rep.email }, { at: '/quiz-ph' });
    await card(page, name).locator('picture img').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    await card(page, name)
      .getByRole('link', { name: `Więcej: ${name}` })
      .click();
    await startQuiz(page);
    await page.getByText('Pytanie 1/2').waitFor();
    await nextButton(page).click();
    await page.getByRole('alert').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Keyboard: the arrow keys move the choice between the answers (radio semantics).
    await answerRadio(page, quiz, 0, true).focus();
    await page.keyboard.press('Space');
    expect(await answerRadio(page, quiz, 0, true).isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await answerRadio(page, quiz, 0, false).isChecked()).toBe(true);
    await nextButton(page).click();
    await finishButton(page).click();
    await page.getByRole('alert').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Twoja odpowiedź' }).fill('Tekst');
    await finishButton(page).click();
    await page.getByTestId('quiz-score').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('failures: the list, a quiz that does not load, and a submit that does not reach the server', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 8);
    const name = unique('Quiz awaria');
    const quiz = await createQuiz(admin, {
      name,
      price: '1.50',
      correctAnswers: 1,
      questions: [
        closed('Jedyne pytanie', [
          ['Dobrze', true],
          ['Źle', false],
        ]),
      ],
    });
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, { email: rep.email });

    // The list's call fails (the network drops it): its toast.
    await page.route(/\/api\/quiz\?/, (route) => route.abort('connectionfailed'));
    await page.goto('/quiz-ph');
    await toast(page, 'Nie udało się pobrać listy quizów');
    await page.unroute(/\/api\/quiz\?/);

    // A quiz that does not exist: back to the list with the server's message.
    await page.goto('/quiz-ph/2147483000');
    await page.waitForURL((u) => u.pathname === '/quiz-ph');
    await toast(page, 'Nie znaleziono quizu');
    // A quiz whose call fails without a message: the screen's own text.
    await page.route(`**/api/quiz/${quiz.id}`, (route) => route.abort('connectionfailed'));
    await page.goto(`/quiz-ph/${quiz.id}`);
    await page.waitForURL((u) => u.pathname === '/quiz-ph');
    await toast(page, 'Nie udało się pobrać informacji o quizie');
    await page.unroute(`**/api/quiz/${quiz.id}`);

    // The submit fails: the toast, and the rep stays on the question with the answer kept; a retry
    // then goes through, and only one attempt is recorded.
    const before = await meOf(rep.email);
    await page.route(`**/api/quiz/${quiz.id}/submit`, (route) => route.abort('connectionfailed'));
    await page.goto(`/quiz-ph/${quiz.id}`);
    await startQuiz(page);
    await page.getByText('Pytanie 1/1').waitFor();
    await answerRadio(page, quiz, 0, true).check();
    await finishButton(page).click();
    await toast(page, 'Nie udało się zapisać odpowiedzi quizu');
    expect(new URL(page.url()).pathname).toBe(`/quiz-ph/${quiz.id}`);
    expect(await answerRadio(page, quiz, 0, true).isChecked()).toBe(true);
    await page.unroute(`**/api/quiz/${quiz.id}/submit`);
    await finishButton(page).click();
    await page.getByRole('heading', { name: 'Gratulacje ukończyłeś quiz' }).waitFor();
    expect((await meOf(rep.email)).wallet.money).toBe(plus(before.wallet.money, '1.50'));
    const attempts = await api<{ data: { quiz_id: number; passed: boolean }[] }>(
      'GET',
      `/api/users/${rep.id}/quiz?per_page=100`,
      { token: admin },
    );
    expect(attempts.body.data.filter((a) => a.quiz_id === quiz.id)).toEqual([
      expect.objectContaining({ quiz_id: quiz.id, passed: true }),
    ]);
  });

  test('the result page without a result goes back to the list', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller, { at: '/quiz-ph/summary' });
    await page.waitForURL((u) => u.pathname === '/quiz-ph');
    await page.getByRole('heading', { name: 'Quizy', level: 1 }).waitFor();
  });
});

/*
 * Issue 27 points 2 and 3: the quiz's intro on a phone before its first question; the wrong
 * questions on the result of a quiz that may be repeated; and an admin's fix of a typo in a live
 * quiz while a rep is taking it, which never takes the quiz away from the rep.
 */
describe('quiz intro and versions', () => {
  const browser = useBrowser();

  test('the rep reads the intro (lead, text, video with controls) on a 390x844 phone, starts, and the result names the wrong question', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 9);
    const name = unique('Quiz ze wstępem');
    const quiz = await createQuiz(admin, {
      name,
      price: '2.40',
      correctAnswers: 2,
      isOneTime: false,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      questions: [
        closed('Który baton jest nowy?', [
          ['Orzechowy', true],
          ['Kokosowy', false],
        ]),
        closed('Ile kosztuje baton?', [
          ['3 zł', true],
          ['30 zł', false],
        ]),
      ],
    });
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, { email: rep.email }, { at: `/quiz-ph/${quiz.id}` });
    const intro = page.getByTestId('quiz-intro');
    await intro.getByText(`Krótki wstęp do quizu ${name}`).waitFor();
    // The text as stored (sanitised HTML: the <strong> stays), the rules, and the video with controls, not autoplaying.
    expect(await intro.locator('strong').first().textContent()).toBe(name);
    await intro.getByText('Pytań: 2. Do zaliczenia potrzeba poprawnych odpowiedzi: 2.').waitFor();
    const frame = intro.locator('iframe');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.hostname).toContain('youtube');
    expect(src.searchParams.get('autoplay')).toBe('0');
    expect(src.searchParams.get('controls')).toBe('1');
    expect(await frame.getAttribute('title')).toBe(`Wideo: ${name}`);
    // No question before the start; the start button is on the first screen and fills the phone's width.
    expect(await page.getByText(/^Pytanie 1\/2$/).count()).toBe(0);
    const start = page.getByRole('button', { name: 'Rozpocznij quiz' });
    const box = await start.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box?.width).toBeGreaterThan(PHONE.width - 80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/quiz-intro-390x844.png` });

    await start.click();
    await page.getByText('Pytanie 1/2').waitFor();
    await answerRadio(page, quiz, 0, true).check();
    await nextButton(page).click();
    await page.getByText('Pytanie 2/2').waitFor();
    await answerRadio(page, quiz, 1, false).check();
    await finishButton(page).click();

    await page.getByRole('heading', { name: 'Tym razem się nie udało' }).waitFor();
    const wrong = page.getByTestId('quiz-wrong-questions');
    await wrong.getByText('Pytania z błędną odpowiedzią').waitFor();
    expect((await wrong.getByRole('listitem').allTextContents()).map((x) => x.trim())).toEqual([
      'Pytanie 2: Ile kosztuje baton?',
    ]);
    // Never the right answer.
    expect(await page.getByText('3 zł').count()).toBe(0);
    await page.screenshot({ path: `${RESULTS_DIR}/quiz-result-wrong-390x844.png`, fullPage: true });
  });

  test('an admin fixes a typo in a live quiz while a rep is taking it: the rep keeps the quiz, finishes and is paid once', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await seededRep(admin, 10);
    const name = unique('Quiz z literówką');
    const quiz = await createQuiz(admin, {
      name,
      price: '4.20',
      correctAnswers: 2,
      questions: [
        closed('Który produkt jest nowością?', [
          ['Woda', true],
          ['Sok', false],
        ]),
        closed('Ile butelek jest w zgrzewce? (literówkka)', [
          ['Sześć', true],
          ['Dwie', false],
        ]),
      ],
    });
    const before = await meOf(rep.email);

    // The rep opens the quiz and answers the first question.
    const repPage = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(repPage, { email: rep.email }, { at: `/quiz-ph/${quiz.id}` });
    await startQuiz(repPage);
    await repPage.getByText('Pytanie 1/2').waitFor();
    await answerRadio(repPage, quiz, 0, true).check();
    await nextButton(repPage).click();
    await repPage.getByText('Pytanie 2/2').waitFor();

    // Meanwhile the admin fixes the typo in question 2 and saves: the quiz stays live as it was.
    const adminPage = await browser.newPage({ viewport: WIDE });
    await signIn(adminPage, ACCOUNTS.admin, { at: `/quiz/${quiz.id}` });
    await adminPage.getByTestId('quiz-live-note').waitFor();
    await adminPage.screenshot({ path: `${RESULTS_DIR}/quiz-editor-live-1440x900.png` });
    await adminPage.getByRole('tab', { name: 'PYT 2' }).click();
    await adminPage.getByRole('button', { name: 'Edytuj pole Treść pytania 2' }).click();
    await adminPage.getByRole('textbox', { name: 'Treść pytania 2' }).fill('Ile butelek jest w zgrzewce?');
    await adminPage.getByRole('button', { name: 'Zatwierdź pole Treść pytania 2' }).click();
    await adminPage.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(adminPage, 'Zapisano. Do zapisania podsumowania reprezentanci widzą poprzednią wersję quizu');
    await adminPage.waitForURL(`**/quiz/${quiz.id}/summary`);
    await adminPage.getByText('Pytań w quizie: 2').waitFor();
    await adminPage.screenshot({ path: `${RESULTS_DIR}/quiz-summary-pending-1440x900.png` });
    const repToken = await apiLogin(rep.email);
    const served = await api<{ version: number; questions: { question_text: string }[] }>(
      'GET',
      `/api/quiz/${quiz.id}`,
      { token: repToken },
    );
    expect(served.status).toBe(200);
    expect(served.body.questions[1]?.question_text).toBe('<p>Ile butelek jest w zgrzewce? (literówkka)</p>');
    // The summary: only saved, the edit replaces the live version in one step.
    await adminPage.getByRole('button', { name: 'Zapisz i aktywuj' }).click();
    await toast(adminPage, 'Quiz został zapisany i aktywowany');
    const live = await api<{ version: number; questions: { question_text: string }[] }>('GET', `/api/quiz/${quiz.id}`, {
      token: repToken,
    });
    expect(live.body.version).toBe(served.body.version + 1);
    expect(live.body.questions[1]?.question_text).toBe('<p>Ile butelek jest w zgrzewce?</p>');

    // The rep, still on version 1's question 2, finishes: graded on what they answered, paid once.
    await answerRadio(repPage, quiz, 1, true).check();
    await finishButton(repPage).click();
    await repPage.getByRole('heading', { name: 'Gratulacje ukończyłeś quiz' }).waitFor();
    await repPage.getByText(`Do Twojego portfela trafiło ${zl('4.20')}`).waitFor();
    expect((await meOf(rep.email)).wallet.money).toBe(plus(before.wallet.money, '4.20'));
    const check = await api<{ ok: boolean }>('GET', '/api/admin/ledger/check', { token: admin });
    expect(check.body.ok).toBe(true);
    // Two browsers (a rep's phone and the admin's desktop) on a shared 2-core machine: more time than one journey.
  }, 180_000);
});
