/**
 * The attributes of a quiz's shell (first-load/page-shell.tsx QuizTakeShell) that the first-load
 * script fills from the quiz's early answer (first-load/first-load-html.ts, decision 033). Shared by the
 * two so that they cannot drift apart; never bundled into the app.
 */
export const QUIZ_SHELL = {
  /** The bars shown until the quiz has arrived; removed then. */
  skeleton: 'data-shell-skeleton',
  /** The quiz's first step, hidden until it is filled. */
  filled: 'data-shell-filled',
  name: 'data-shell-name',
  title: 'data-shell-title',
  /** The intro's lead and text (sanitized HTML as stored), as features/quizzes/components/quiz-intro.tsx shows them. */
  lead: 'data-shell-lead',
  text: 'data-shell-text',
} as const;

/** The rep's challenges' shell: where the first-load script draws the first challenge's choice row, cover and name. */
export const CHALLENGE_SHELL = 'data-shell-challenge';

/** The rep's withdrawals' shell: where the first-load script lists the first page of withdrawals. */
export const WITHDRAWALS_SHELL = 'data-shell-withdrawals';

/**
 * The rep home's figures (first-load/rep-home-shell.tsx) that the first-load script writes from the
 * early GET /api/me (first-load/first-load-html.ts `SHELL_FILL.home`, decision 054), as the page's
 * wallet card and quiz box write them: the largest paint stays the shell's whatever the amounts.
 */
export const HOME_SHELL = {
  money: 'data-shell-money',
  earned: 'data-shell-earned',
  withdrawn: 'data-shell-withdrawn',
  toGet: 'data-shell-to-get',
} as const;
