import type { GuardedPage } from '@incentive/contracts';
import type { ReactNode } from 'react';
import { lazyPage } from '../first-load/lazy-page.ts';

/*
 * The back office's pages (decision 067). page-elements.tsx names each by one element,
 * `<BackOfficePage page="…" />`, and reaches this module by a dynamic import: the twenty lazy pages
 * below, their elements and their lists of chunks stay out of the entry every rep downloads first
 * (about 0.6 kB gzip of it). Each feature is still reached through its `load-pages.ts` by a dynamic
 * import (first-load/README.md).
 */
const articleAdmin = () => import('../features/article-admin/load-pages.ts');
const audit = () => import('../features/audit-admin/load-pages.ts');
const challengeAdmin = () => import('../features/challenge-admin/load-pages.ts');
const onboarding = () => import('../features/onboarding-admin/load-pages.ts');
const programme = () => import('../features/programme-admin/load-pages.ts');
const quizAdmin = () => import('../features/quiz-admin/load-pages.ts');
const settings = () => import('../features/settings-admin/load-pages.ts');
const taxReport = () => import('../features/tax-report-admin/load-pages.ts');
const team = () => import('../features/team-admin/load-pages.ts');

const WarehouseDetailsPage = lazyPage(() => team().then((m) => m.loadWarehouseDetailsPage()));
const WarehouseFormPage = lazyPage(() => team().then((m) => m.loadWarehouseFormPage()));
const SalesRepFormPage = lazyPage(() => team().then((m) => m.loadSalesRepFormPage()));
const SalesRepDetailsPage = lazyPage(() => team().then((m) => m.loadSalesRepDetailsPage()));
const AdminFormPage = lazyPage(() => team().then((m) => m.loadAdminFormPage()));
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
const ProgrammePage = lazyPage(() => programme().then((m) => m.loadProgrammePage()));

const ELEMENTS = {
  warehouseCreate: <WarehouseFormPage />,
  warehouseDetails: <WarehouseDetailsPage />,
  warehouseEdit: <WarehouseFormPage />,
  salesRepCreate: <SalesRepFormPage kind="ph" />,
  salesRepCreateRks: <SalesRepFormPage kind="rks" />,
  salesRepDetails: <SalesRepDetailsPage />,
  salesRepEdit: <SalesRepFormPage kind="edit" />,
  adminCreate: <AdminFormPage />,
  adminEdit: <AdminFormPage />,
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
  settings: <SettingsPage />,
  onboarding: <OnboardingPage />,
  taxReport: <TaxReportPage />,
  audit: <AuditPage />,
  programme: <ProgrammePage />,
} satisfies Partial<Record<GuardedPage, ReactNode>>;

/** A page of the back office, by its name in the role policy. */
export type BackOfficePageName = keyof typeof ELEMENTS;

export function BackOfficePage({ page }: { page: BackOfficePageName }) {
  return ELEMENTS[page];
}

/** Starts the page's own chunks (the router asks as soon as the user may open it, app/router.tsx). */
export function preloadBackOfficePage(page: BackOfficePageName) {
  return (ELEMENTS[page].type as { preload: () => Promise<unknown> }).preload();
}
