/*
 * The audit trail (issue 31 point 1, decision 064): one event per change a person made, with the
 * rows it changed before and after. Kinds are `<object>.<verb>`; the web names each (audit.kind.*).
 */
import { z } from 'zod';
import { calendarDaySchema } from './challenges.ts';
import { pagedSchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';
import { ROLES } from './role-list.ts';

/** What an event is about: the things with a page of their own in the back office. */
export const AUDIT_OBJECTS = [
  'user',
  'warehouse',
  'quiz',
  'article',
  'challenge',
  'product',
  'salesImport',
  'withdrawal',
  'payoutBatch',
  'settings',
  'onboardingImport',
  'invitation',
] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];

export const AUDIT_KINDS = [
  'auth.signIn',
  'auth.passwordSet',
  'user.create',
  'user.update',
  'user.deactivate',
  'user.inviteResent',
  'user.anonymise',
  'user.cardAdd',
  'user.walletAdjust',
  'profile.update',
  'profile.notices',
  'warehouse.create',
  'warehouse.update',
  'warehouse.delete',
  'withdrawal.request',
  'withdrawal.paid',
  'withdrawal.failed',
  'payoutBatch.create',
  'payoutBatch.paid',
  'payoutBatch.result',
  'quiz.create',
  'quiz.update',
  'quiz.publish',
  'quiz.delete',
  'article.create',
  'article.update',
  'article.delete',
  'product.create',
  'product.update',
  'challenge.create',
  'challenge.update',
  'challenge.delete',
  'salesImport.upload',
  'salesImport.apply',
  'salesImport.revert',
  'salesImport.heldConfirm',
  'salesImport.heldReject',
  'salesImport.settings',
  'settings.update',
  'onboardingImport.upload',
  'onboardingImport.apply',
  'onboardingImport.cancel',
  'invitation.resend',
  'invitation.resendFailed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

const optionalPositiveInt = (error: string) =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(2_147_483_647, { error }).optional();

const auditFiltersSchema = pagedQuerySchema(['at'] as const, 'at')
  .omit({ search: true })
  .extend({
    order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
    actor_id: optionalPositiveInt('audit.actorInvalid'),
    object_type: z.enum(AUDIT_OBJECTS, { error: 'audit.objectInvalid' }).optional(),
    object_id: optionalPositiveInt('audit.objectInvalid'),
    kind: z.enum(AUDIT_KINDS, { error: 'audit.kindInvalid' }).optional(),
    from: calendarDaySchema('audit.dateInvalid').optional(),
    to: calendarDaySchema('audit.dateInvalid').optional(),
  });

type Filters = { from?: string; to?: string; object_id?: number; object_type?: string };
const checked = <T extends z.ZodType<Filters>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'audit.rangeInvalid', path: ['to'] })
    .refine((q) => q.object_id === undefined || q.object_type !== undefined, {
      error: 'audit.objectInvalid',
      path: ['object_id'],
    });

/** GET /api/audit: newest first; every filter optional; `from`/`to` are Warsaw days, both included. */
export const auditListQuerySchema = checked(auditFiltersSchema);
/** GET /api/audit/export.csv: the same filters, every matching event (up to AUDIT_EXPORT_MAX). */
export const auditExportQuerySchema = checked(auditFiltersSchema.omit({ page: true, per_page: true }));
export const AUDIT_EXPORT_MAX = 100_000;
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** One changed row: its table, key, and the columns before and after (secrets left out, personal data masked). */
export const auditChangeSchema = z.object({
  id: z.number().int(),
  table: z.string(),
  key: z.string().nullable(),
  op: z.enum(['insert', 'update', 'delete']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: z.enum(ROLES) }).nullable(),
  ip: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  object_type: z.enum(AUDIT_OBJECTS),
  object_id: z.number().int().nullable(),
  /** What the object is called now (a person's name, a quiz's title), when it has a name. */
  object_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** How many rows the event changed (GET /api/audit/{id} lists them). */
  changes_count: z.number().int(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = pagedSchema(auditEventSchema);

/** GET /api/audit/{id}: the event and the rows it changed (at most AUDIT_CHANGES_SHOWN of them). */
export const AUDIT_CHANGES_SHOWN = 200;
export const auditEventDetailsSchema = auditEventSchema.extend({ changes: z.array(auditChangeSchema) });
export type AuditEventDetails = z.infer<typeof auditEventDetailsSchema>;
