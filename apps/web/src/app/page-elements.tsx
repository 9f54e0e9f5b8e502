import type { GuardedPage } from '@incentive/contracts';
import type { ReactNode } from 'react';
import type { ChallengeAdminPage } from '../features/challenge-admin/index.ts';
import { lazyPage } from './lazy-page.ts';

// Each page its own chunk; a role the guard turns away never downloads it.
// The back office's pages: one tiny lazy module names their chunks (the data table, the forms).
const backOffice = () => import('../features/team-admin/load-pages.ts');
const WarehouseDetailsPage = lazyPage(() => backOffice().then((m) => m.loadWarehouseDetailsPage()));
const WarehouseFormPage = lazyPage(() => backOffice().then((m) => m.loadWarehouseFormPage()));
const SalesRepFormPage = lazyPage(() => backOffice().then((m) => m.loadSalesRepFormPage()));
const SalesRepDetailsPage = lazyPage(() => backOffice().then((m) => m.loadSalesRepDetailsPage()));
const AdminFormPage = lazyPage(() => backOffice().then((m) => m.loadAdminFormPage()));
const DashboardPage = lazyPage(() =>
  import('../features/dashboard/pages/dashboard-page.tsx').then((m) => m.DashboardPage),
);
const WithdrawalsPage = lazyPage(() =>
  import('../features/wallet/pages/withdrawals-page.tsx').then((m) => m.WithdrawalsPage),
);
// The quiz back office: one tiny lazy module names its pages' chunks (tiptap, the date picker, the drop zone).
const quizAdmin = () => import('../features/quiz-admin/index.ts');
const QuizListPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizListPage()));
const QuizEditorPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizEditorPage()));
const QuizSummaryPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizSummaryPage()));
const QuizResultsPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizResultsPage()));
// The article back office, the same way.
const articleAdmin = () => import('../features/article-admin/index.ts');
const ArticleListPage = lazyPage(() => articleAdmin().then((m) => m.loadArticleListPage()));
const ArticleEditorPage = lazyPage(() => articleAdmin().then((m) => m.loadArticleEditorPage()));
const ArticlePreviewPage = lazyPage(() => articleAdmin().then((m) => m.loadArticlePreviewPage()));
// The challenge back office: one loader by name keeps its share of everyone's first load small.
const challengePage = (page: ChallengeAdminPage) => {
  const Page = lazyPage(() => import('../features/challenge-admin/index.ts').then((m) => m.loadChallengePage(page)));
  return <Page />;
};
const challengeEditor = challengePage('editor');
// The programme settings (organiser, contact, rules): root and admin only.
const SettingsPage = lazyPage(() => import('../features/settings-admin/index.ts').then((m) => m.loadSettingsPage()));
// The rep's quizzes (quiz-ph).
const RepQuizListPage = lazyPage(() =>
  import('../features/quizzes/pages/quiz-list-page.tsx').then((m) => m.QuizListPage),
);
const QuizTakePage = lazyPage(() => import('../features/quizzes/pages/quiz-take-page.tsx').then((m) => m.QuizTakePage));
const RepQuizSummaryPage = lazyPage(() =>
  import('../features/quizzes/pages/quiz-summary-page.tsx').then((m) => m.QuizSummaryPage),
);
// The rep's articles (articles-ph), each through a tiny loader module that names its page's chunks.
const RepArticleListPage = lazyPage(() =>
  import('../features/articles/load-article-list-page.ts').then((m) => m.loadArticleListPage()),
);
const RepArticlePage = lazyPage(() =>
  import('../features/articles/load-article-page.ts').then((m) => m.loadArticlePage()),
);
// The rep's challenges (challenges-ph), the same way.
const RepChallengeListPage = lazyPage(() =>
  import('../features/challenges/load-challenge-list-page.ts').then((m) => m.loadChallengeListPage()),
);

/**
 * The screens that exist, by their name in the role policy (which gives each its route and says
 * who may open it). A feature plugs in by adding its page here; menus show only pages listed here.
 */
export const PAGE_ELEMENTS: Partial<Record<GuardedPage, ReactNode>> = {
  dashboard: <DashboardPage />,
  warehouseCreate: <WarehouseFormPage />,
  warehouseDetails: <WarehouseDetailsPage />,
  warehouseEdit: <WarehouseFormPage />,
  salesRepCreate: <SalesRepFormPage kind="ph" />,
  salesRepCreateRks: <SalesRepFormPage kind="rks" />,
  salesRepDetails: <SalesRepDetailsPage />,
  salesRepEdit: <SalesRepFormPage kind="edit" />,
  adminCreate: <AdminFormPage />,
  adminEdit: <AdminFormPage />,
  withdraw: <WithdrawalsPage />,
  quiz: <QuizListPage />,
  quizCreate: <QuizEditorPage />,
  quizEdit: <QuizEditorPage />,
  quizSummary: <QuizSummaryPage />,
  quizResults: <QuizResultsPage />,
  articles: <ArticleListPage />,
  articleCreate: <ArticleEditorPage />,
  articleEdit: <ArticleEditorPage />,
  articlePreview: <ArticlePreviewPage />,
  challenges: challengePage('list'),
  challengeCreate: challengeEditor,
  challengeEdit: challengeEditor,
  salesImports: challengePage('imports'),
  challengeRanking: challengePage('ranking'),
  quizPh: <RepQuizListPage />,
  quizPhTake: <QuizTakePage />,
  quizPhSummary: <RepQuizSummaryPage />,
  articlesPh: <RepArticleListPage />,
  articlePh: <RepArticlePage />,
  challengesPh: <RepChallengeListPage />,
  settings: <SettingsPage />,
};
