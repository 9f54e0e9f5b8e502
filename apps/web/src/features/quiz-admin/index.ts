/*
 * The quiz back office's entry: loaders of its pages, and nothing else (not even React). The app's
 * entry reaches it through one lazy import (app/page-elements.tsx), so the long list of chunks the
 * pages need (tiptap, the date picker, the drop zone, the data table) is named here, not in
 * everyone's first load.
 */

export const loadQuizListPage = () => import('./pages/quiz-list-page.tsx').then((m) => m.QuizListPage);
export const loadQuizEditorPage = () => import('./pages/quiz-editor-page.tsx').then((m) => m.QuizEditorPage);
export const loadQuizSummaryPage = () => import('./pages/quiz-summary-page.tsx').then((m) => m.QuizSummaryPage);
export const loadQuizResultsPage = () => import('./pages/quiz-results-page.tsx').then((m) => m.QuizResultsPage);
