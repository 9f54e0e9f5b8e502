import type { GuardedPage } from '@incentive/contracts';
import type { ReactNode } from 'react';
import { lazyPage } from '../first-load/lazy-page.ts';

/*
 * One way to load a page (first-load/README.md): each feature's lazy entry, `load-pages.ts`, reached
 * by a dynamic import, names its pages' chunks; `lazyPage` wraps one of its loaders. Each page is
 * its own chunk, and a role the guard turns away never downloads it.
 */
const articles = () => import('../features/articles/load-pages.ts');
const articleAdmin = () => import('../features/article-admin/load-pages.ts');
const audit = () => import('../features/audit-admin/load-pages.ts');
const backOffice = () => import('../features/team-admin/load-pages.ts');
const challengeAdmin = () => import('../features/challenge-admin/load-pages.ts');
const challenges = () => import('../features/challenges/load-pages.ts');
const dashboard = () => import('../features/dashboard/load-pages.ts');
const notices = () => import('../features/notices/load-pages.ts');
const onboarding = () => import('../features/onboarding-admin/load-pages.ts');
const programme = () => import('../features/programme-admin/load-pages.ts');
const quizAdmin = () => import('../features/quiz-admin/load-pages.ts');
const taxReport = () => import('../features/tax-report-admin/load-pages.ts');
const quizzes = () => import('../features/quizzes/load-pages.ts');
const settings = () => import('../features/settings-admin/load-pages.ts');
const wallet = () => import('../features/wallet/load-pages.ts');

const DashboardPage = lazyPage(() => dashboard().then((m) => m.loadDashboardPage()));
const WarehouseDetailsPage = lazyPage(() => backOffice().then((m) => m.loadWarehouseDetailsPage()));
const WarehouseFormPage = lazyPage(() => backOffice().then((m) => m.loadWarehouseFormPage()));
const SalesRepFormPage = lazyPage(() => backOffice().then((m) => m.loadSalesRepFormPage()));
const SalesRepDetailsPage = lazyPage(() => backOffice().then((m) => m.loadSalesRepDetailsPage()));
const AdminFormPage = lazyPage(() => backOffice().then((m) => m.loadAdminFormPage()));
const WithdrawalsPage = lazyPage(() => wallet().then((m) => m.loadWithdrawalsPage()));
const QuizListPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizListPage()));
const QuizEditorPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizEditorPage()));
const QuizSummaryPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizSummaryPage()));
const QuizResultsPage = lazyPage(() => quizAdmin().then((m) => m.loadQuizResultsPage()));
const ArticleListPage = lazyPage(() => articleAdmin().then((m) => m.loadArticleListPage()));
const ArticleEditorPage = lazyPage(() => articleAdmin().then((m) => m.loadArticleEditorPage()));
const ArticlePreviewPage = lazyPage(() => articleAdmin().then((m) => m.loadArticlePreviewPage()));
const ChallengeListPage = lazyPage(() => challengeAdmin().then((m) => m.loadChallengeListPage()));
const ChallengeEditorPage = lazyPage(() => challengeAdmin().then((m) => m.loadChallengeEditorPage()));
const SalesImportPage = lazyPage(() => challengeAdmin().then((m) => m.loadSalesImportPage()));
const RankingPage = lazyPage(() => challengeAdmin().then((m) => m.loadRankingPage()));
const SettingsPage = lazyPage(() => settings().then((m) => m.loadSettingsPage()));
const OnboardingPage = lazyPage(() => onboarding().then((m) => m.loadOnboardingPage()));
const TaxReportPage = lazyPage(() => taxReport().then((m) => m.loadTaxReportPage()));
const AuditPage = lazyPage(() => audit().then((m) => m.loadAuditPage()));
const NotificationsPage = lazyPage(() => notices().then((m) => m.loadNotificationsPage()));
const ProgrammePage = lazyPage(() => programme().then((m) => m.loadProgrammePage()));
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
  challenges: <ChallengeListPage />,
  challengeCreate: <ChallengeEditorPage />,
  challengeEdit: <ChallengeEditorPage />,
  salesImports: <SalesImportPage />,
  challengeRanking: <RankingPage />,
  quizPh: <RepQuizListPage />,
  quizPhTake: <QuizTakePage />,
  quizPhSummary: <RepQuizSummaryPage />,
  articlesPh: <RepArticleListPage />,
  articlePh: <RepArticlePage />,
  challengesPh: <RepChallengeListPage />,
  settings: <SettingsPage />,
  onboarding: <OnboardingPage />,
  taxReport: <TaxReportPage />,
  audit: <AuditPage />,
  notifications: <NotificationsPage />,
  programme: <ProgrammePage />,
};
