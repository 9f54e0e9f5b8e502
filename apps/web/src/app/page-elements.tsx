import type { GuardedPage } from '@incentive/contracts';
import type { ReactNode } from 'react';
import { lazyPage } from '../first-load/lazy-page.ts';
import type { BackOfficePageName } from './back-office-pages.tsx';

/*
 * One way to load a page (first-load/README.md): each feature's lazy entry, `load-pages.ts`, reached
 * by a dynamic import, names its pages' chunks; `lazyPage` wraps one of its loaders. Each page is
 * its own chunk, and a role the guard turns away never downloads it.
 */
const articles = () => import('../features/articles/load-pages.ts');
const challenges = () => import('../features/challenges/load-pages.ts');
const dashboard = () => import('../features/dashboard/load-pages.ts');
const notices = () => import('../features/notices/load-pages.ts');
const quizzes = () => import('../features/quizzes/load-pages.ts');
const wallet = () => import('../features/wallet/load-pages.ts');

// The back office's pages behind one more lazy module (app/back-office-pages.tsx, decision 067): the
// router's preload (app/router.tsx) passes the element's props, so the page's own chunks start at once.
const backOffice = () => import('./back-office-pages.tsx');
const LazyBackOfficePage = lazyPage<{ page: BackOfficePageName }>(() => backOffice().then((m) => m.BackOfficePage));
const BackOfficePage = Object.assign(LazyBackOfficePage, {
  preload: ({ page }: { page: BackOfficePageName }) => backOffice().then((m) => m.preloadBackOfficePage(page)),
});
const DashboardPage = lazyPage(() => dashboard().then((m) => m.loadDashboardPage()));
const WithdrawalsPage = lazyPage(() => wallet().then((m) => m.loadWithdrawalsPage()));
const NotificationsPage = lazyPage(() => notices().then((m) => m.loadNotificationsPage()));
const RepQuizListPage = lazyPage(() => quizzes().then((m) => m.loadQuizListPage()));
const QuizTakePage = lazyPage(() => quizzes().then((m) => m.loadQuizTakePage()));
const RepQuizSummaryPage = lazyPage(() => quizzes().then((m) => m.loadQuizSummaryPage()));
const RepArticleListPage = lazyPage(() => articles().then((m) => m.loadArticleListPage()));
const RepArticlePage = lazyPage(() => articles().then((m) => m.loadArticlePage()));
const RepChallengeListPage = lazyPage(() => challenges().then((m) => m.loadChallengeListPage()));

/**
 * The screens that exist, by their name in the role policy (which gives each its route and says
 * who may open it). A feature plugs in by adding its page here; menus show only pages listed here.
 */
export const PAGE_ELEMENTS: Partial<Record<GuardedPage, ReactNode>> = {
  dashboard: <DashboardPage />,
  warehouseCreate: <BackOfficePage page="warehouseCreate" />,
  warehouseDetails: <BackOfficePage page="warehouseDetails" />,
  warehouseEdit: <BackOfficePage page="warehouseEdit" />,
  salesRepCreate: <BackOfficePage page="salesRepCreate" />,
  salesRepCreateRks: <BackOfficePage page="salesRepCreateRks" />,
  salesRepDetails: <BackOfficePage page="salesRepDetails" />,
  salesRepEdit: <BackOfficePage page="salesRepEdit" />,
  adminCreate: <BackOfficePage page="adminCreate" />,
  adminEdit: <BackOfficePage page="adminEdit" />,
  withdraw: <WithdrawalsPage />,
  quiz: <BackOfficePage page="quiz" />,
  quizCreate: <BackOfficePage page="quizCreate" />,
  quizEdit: <BackOfficePage page="quizEdit" />,
  quizSummary: <BackOfficePage page="quizSummary" />,
  quizResults: <BackOfficePage page="quizResults" />,
  articles: <BackOfficePage page="articles" />,
  articleCreate: <BackOfficePage page="articleCreate" />,
  articleEdit: <BackOfficePage page="articleEdit" />,
  articlePreview: <BackOfficePage page="articlePreview" />,
  challenges: <BackOfficePage page="challenges" />,
  challengeCreate: <BackOfficePage page="challengeCreate" />,
  challengeEdit: <BackOfficePage page="challengeEdit" />,
  salesImports: <BackOfficePage page="salesImports" />,
  challengeRanking: <BackOfficePage page="challengeRanking" />,
  quizPh: <RepQuizListPage />,
  quizPhTake: <QuizTakePage />,
  quizPhSummary: <RepQuizSummaryPage />,
  articlesPh: <RepArticleListPage />,
  articlePh: <RepArticlePage />,
  challengesPh: <RepChallengeListPage />,
  settings: <BackOfficePage page="settings" />,
  onboarding: <BackOfficePage page="onboarding" />,
  taxReport: <BackOfficePage page="taxReport" />,
  audit: <BackOfficePage page="audit" />,
  notifications: <NotificationsPage />,
  programme: <BackOfficePage page="programme" />,
};
