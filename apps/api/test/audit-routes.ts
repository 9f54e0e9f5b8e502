import type { AuditKind } from '@incentive/contracts';

/*
 * Issue 31 point 1: every write route of the API and what it leaves in the audit trail (decision
 * 064). Every test app checks each successful write against this table (test/test-app.ts, `audit`):
 * a route that records the wrong kind, nothing, or more than one event fails the test that called it;
 * audit-trail.test.ts fails on a write route this table does not name.
 */
export type AuditExpectation =
  /** Exactly one event of this kind. */
  | { kind: AuditKind; none?: undefined; exempt?: undefined }
  /** One event of this kind, or none when the call changed nothing (`none` says when). */
  | { kind: AuditKind; none: string; exempt?: undefined }
  /** Never an event, and why. */
  | { exempt: string; kind?: undefined; none?: undefined };

const one = (kind: AuditKind): AuditExpectation => ({ kind });
const orNone = (kind: AuditKind, none: string): AuditExpectation => ({ kind, none });
const exempt = (why: string): AuditExpectation => ({ exempt: why });

export const AUDITED_ROUTES: Record<string, AuditExpectation> = {
  // Sign-in and passwords.
  'POST /api/login': orNone('auth.signIn', 'a rep’s sign-in: its sign-in list (logins) is its record'),
  'POST /api/set-password': one('auth.passwordSet'),
  'POST /api/forgot-password': exempt('asks for a link and changes nothing; the password set with it is recorded'),
  'POST /api/logout': exempt('ends the caller’s own session; sign-ins are recorded'),
  // Accounts, roles, memberships, cards, tax data.
  'POST /api/users': one('user.create'),
  'PUT /api/auth/profile/:id': one('user.update'),
  'DELETE /api/users/:id': one('user.deactivate'),
  'POST /api/resend-set-password': one('user.inviteResent'),
  'POST /api/users/:id/anonymise': one('user.anonymise'),
  'POST /api/card': one('user.cardAdd'),
  'PUT /api/profile': one('profile.update'),
  'PUT /api/notices/settings': one('profile.notices'),
  'POST /api/notices/unsubscribe': orNone('profile.notices', 'the link’s kind was off already'),
  // Warehouses.
  'POST /api/warehouses': one('warehouse.create'),
  'PUT /api/warehouses/:id': one('warehouse.update'),
  'DELETE /api/warehouses/:id': one('warehouse.delete'),
  // Money.
  'POST /api/withdrawal': one('withdrawal.request'),
  'POST /api/admin/adjustments': orNone('user.walletAdjust', 'a retried submit (the same idempotency key)'),
  'POST /api/payout-batches': orNone('payoutBatch.create', 'a retried export of the same withdrawals'),
  'POST /api/payout-batches/:id/paid': orNone('payoutBatch.paid', 'nothing in the batch was left to pay'),
  'POST /api/payout-batches/:id/result': orNone('payoutBatch.result', 'every line repeated an earlier outcome'),
  'POST /api/withdrawals/:id/paid': orNone('withdrawal.paid', 'the same outcome again'),
  'POST /api/withdrawals/:id/failed': orNone('withdrawal.failed', 'the same outcome again'),
  // Quizzes.
  'POST /api/quiz': one('quiz.create'),
  'POST /api/quiz/:id/packed-update': one('quiz.update'),
  'POST /api/quiz/:id/submit-details': one('quiz.publish'),
  'DELETE /api/quiz/:id': one('quiz.delete'),
  'POST /api/quiz/:id/submit': exempt('a rep’s answers: the attempt and its ledger entry are the record'),
  // Articles (the admin family and its older paths).
  'POST /api/admin/articles': one('article.create'),
  'POST /api/admin/articles/:id': one('article.update'),
  'DELETE /api/admin/articles/:id': one('article.delete'),
  'POST /api/articles': one('article.create'),
  'POST /api/articles/:id': one('article.update'),
  'DELETE /api/articles/:id': one('article.delete'),
  // Products and challenges.
  'POST /api/products': one('product.create'),
  'POST /api/products/:id': one('product.update'),
  'POST /api/challenges': one('challenge.create'),
  'POST /api/challenges/:id': one('challenge.update'),
  'DELETE /api/challenges/:id': one('challenge.delete'),
  // Sales imports (the apply is the job's event, on behalf of who uploaded the file).
  'POST /api/sales-imports': one('salesImport.upload'),
  'POST /api/sales-imports/:id/revert': one('salesImport.revert'),
  'POST /api/sales-imports/:id/held/confirm': one('salesImport.heldConfirm'),
  'POST /api/sales-imports/:id/held/reject': one('salesImport.heldReject'),
  'PUT /api/sales-imports/settings': one('salesImport.settings'),
  // The programme's settings and rules.
  'PUT /api/settings': one('settings.update'),
  'POST /api/rules/accept': exempt('a person’s own acceptance: rules_acceptances is its record'),
  // Bulk onboarding and its e-mails.
  'POST /api/onboarding/imports': one('onboardingImport.upload'),
  'POST /api/onboarding/imports/:id/apply': one('onboardingImport.apply'),
  'POST /api/onboarding/imports/:id/cancel': one('onboardingImport.cancel'),
  'POST /api/invitations/:id/resend': one('invitation.resend'),
  'POST /api/invitations/resend-failed': orNone('invitation.resendFailed', 'no e-mail had failed'),
};
