import { type AuditKind, type AuditObject, PAGES, type PageName, POLICY, type User } from '@incentive/contracts';
import { generatePath } from 'react-router';
import { buildUrl } from './build-url.ts';

/*
 * Every in-app link, built from the routes of the role policy (packages/contracts/src/policy.ts):
 * a page's pattern is written once, its parameters and query are typed here.
 */

export type DashboardTab = 'warehouses' | 'sales-reps' | 'registered';
export type WarehouseTab = 'data' | 'admins' | 'ph' | 'history';
export type SalesRepTab = 'challenges' | 'quiz' | 'info' | 'tax' | 'history';

const withQuery = buildUrl;

const id = (value: number) => ({ id: String(value) });

export const paths = {
  login: () => PAGES.login,
  register: (query: { token: string; email: string }) => withQuery(PAGES.register, query),
  rules: () => PAGES.rules,
  dashboard: (query?: { tab?: DashboardTab }) => withQuery(PAGES.dashboard, query),
  warehouseCreate: () => PAGES.warehouseCreate,
  warehouseDetails: (warehouseId: number, query?: { tab?: WarehouseTab }) =>
    withQuery(generatePath(PAGES.warehouseDetails, id(warehouseId)), query),
  warehouseEdit: (warehouseId: number) => generatePath(PAGES.warehouseEdit, id(warehouseId)),
  /** `warehouse_id`: the warehouse the form was opened from (preset, and where it returns). */
  salesRepCreate: (query?: { warehouse_id?: number }) => withQuery(PAGES.salesRepCreate, query),
  salesRepCreateRks: () => PAGES.salesRepCreateRks,
  salesRepDetails: (userId: number, query?: { tab?: SalesRepTab }) =>
    withQuery(generatePath(PAGES.salesRepDetails, id(userId)), query),
  salesRepEdit: (userId: number) => generatePath(PAGES.salesRepEdit, id(userId)),
  adminCreate: (query?: { warehouse_id?: number }) => withQuery(PAGES.adminCreate, query),
  adminEdit: (userId: number, query?: { warehouse_id?: number }) =>
    withQuery(generatePath(PAGES.adminEdit, id(userId)), query),
  challenges: () => PAGES.challenges,
  challengeCreate: () => PAGES.challengeCreate,
  salesImports: () => PAGES.salesImports,
  challengeEdit: (challengeId: number) => generatePath(PAGES.challengeEdit, id(challengeId)),
  challengeRanking: (challengeId: number) => generatePath(PAGES.challengeRanking, id(challengeId)),
  articles: () => PAGES.articles,
  articleCreate: () => PAGES.articleCreate,
  articleEdit: (articleId: number) => generatePath(PAGES.articleEdit, id(articleId)),
  articlePreview: (articleId: number) => generatePath(PAGES.articlePreview, id(articleId)),
  quiz: () => PAGES.quiz,
  quizCreate: () => PAGES.quizCreate,
  quizEdit: (quizId: number) => generatePath(PAGES.quizEdit, id(quizId)),
  quizSummary: (quizId: number) => generatePath(PAGES.quizSummary, id(quizId)),
  quizResults: (quizId: number) => generatePath(PAGES.quizResults, id(quizId)),
  articlesPh: () => PAGES.articlesPh,
  articlePh: (articleId: number) => generatePath(PAGES.articlePh, id(articleId)),
  quizPh: () => PAGES.quizPh,
  quizPhTake: (quizId: number) => generatePath(PAGES.quizPhTake, id(quizId)),
  quizPhSummary: () => PAGES.quizPhSummary,
  /** `id`: the challenge shown first (the home's challenge box links to it). */
  challengesPh: (query?: { id?: number }) => withQuery(PAGES.challengesPh, query),
  withdraw: () => PAGES.withdraw,
  settings: () => PAGES.settings,
  onboarding: () => PAGES.onboarding,
  taxReport: () => PAGES.taxReport,
  /** The audit trail, optionally filtered to one person's changes or one object's history. */
  audit: (query?: { actor_id?: number; object_type?: AuditObject; object_id?: number; kind?: AuditKind }) =>
    withQuery(PAGES.audit, query),
  notifications: () => PAGES.notifications,
  programme: () => PAGES.programme,
} satisfies Record<PageName, (...args: never[]) => string>;

/** The sales-rep home as a rep sees it, for an admin (SPEC.md section 2). */
export const adminPreviewPath = () => withQuery(PAGES.dashboard, { 'admin-preview': 1 });

/** Where the logo, a closed form and a refused page lead: a wholesaler's first warehouse, everyone else the dashboard. */
export function homePath(me: Pick<User, 'role' | 'wholesaler_ids'>): string {
  const first = me.wholesaler_ids[0];
  return POLICY[me.role].home === 'firstWarehouse' && first !== undefined
    ? paths.warehouseDetails(first)
    : paths.dashboard();
}

/** A route's numeric id, or null when it is not a positive integer. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
