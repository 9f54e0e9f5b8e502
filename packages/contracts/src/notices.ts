/*
 * Notices (issue 31 point 2, decision 065): what the programme tells people without their opening
 * the app. Each person turns each kind of its role on or off; every mail carries a signed one-click
 * unsubscribe link. Channels sit beside e-mail without changing the kinds.
 */
import { z } from 'zod';
import { pagedSchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';
import type { Role } from './role-list.ts';

/** What a rep is told: a quiz or a challenge it can take started, a day's credits, its withdrawal's outcome. */
export const REP_NOTICE_KINDS = [
  'quiz.started',
  'challenge.started',
  'money.digest',
  'withdrawal.paid',
  'withdrawal.failed',
] as const;
/** What the back office (root and admin) is told: an import failed, the card issuer's result came back. */
export const ADMIN_NOTICE_KINDS = ['salesImport.failed', 'payoutBatch.returned'] as const;
export const NOTICE_KINDS = [...REP_NOTICE_KINDS, ...ADMIN_NOTICE_KINDS] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The kinds a role can receive (a regional manager or wholesaler: none yet). */
export function noticeKindsOf(role: Role): readonly NoticeKind[] {
  if (role === 'seller') return REP_NOTICE_KINDS;
  if (role === 'root' || role === 'admin') return ADMIN_NOTICE_KINDS;
  return [];
}

export const NOTICE_CHANNELS = ['email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_LANGS = ['pl', 'en'] as const;

/** GET /api/notices/settings: the caller's kinds, each on or off, and the language of its mails. */
export const noticeSettingsSchema = z.object({
  lang: z.enum(NOTICE_LANGS),
  kinds: z.array(z.object({ kind: z.enum(NOTICE_KINDS), enabled: z.boolean() })),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

/** PUT /api/notices/settings: kinds the caller's role does not receive are refused (422). */
export const noticeSettingsBodySchema = z.object({
  lang: z.enum(NOTICE_LANGS, { error: 'notices.langInvalid' }),
  kinds: z.partialRecord(
    z.enum(NOTICE_KINDS, { error: 'notices.kindInvalid' }),
    z.boolean({ error: 'notices.kindInvalid' }),
  ),
});
export type NoticeSettingsBody = z.infer<typeof noticeSettingsBodySchema>;

export const NOTICE_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** GET /api/notices/queue (root and admin): the mails of one status, newest first. */
export const noticeQueueQuerySchema = pagedQuerySchema(['created_at'] as const, 'created_at')
  .omit({ search: true })
  .extend({
    status: z.enum(NOTICE_STATUSES, { error: 'notices.statusInvalid' }).default('failed'),
    order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
  });

export const queuedNoticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(NOTICE_CHANNELS),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type QueuedNotice = z.infer<typeof queuedNoticeSchema>;
export const noticeQueuePageSchema = pagedSchema(queuedNoticeSchema);

export const noticeCountsSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type NoticeCounts = z.infer<typeof noticeCountsSchema>;

/** The unsubscribe link's query: a signed token (user, kind, expiry). */
export const unsubscribeQuerySchema = z.object({
  t: z.string({ error: 'notices.linkInvalid' }).max(300, { error: 'notices.linkInvalid' }),
});
