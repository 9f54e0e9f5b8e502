import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Lang,
  type NoticeChannel,
  type NoticeCounts,
  type NoticeKind,
  type NoticeSettings,
  type NoticeSettingsBody,
  type NoticeStatus,
  noticeKindsOf,
  PAGES,
  type Paged,
  type QueuedNotice,
  type Role,
  translate,
  warsawDay,
  warsawWallTime,
} from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { recordChange } from '../audit/audit.service.ts';
import { serverSecret } from '../auth/auth.service.ts';
import { enqueueDrain, type JobKind, outboxSender } from '../jobs/index.ts';
import { channels } from './channels.ts';
import * as repo from './notices.repo.ts';
import { render } from './templates.ts';

/*
 * Notices (issue 31 point 2, decision 065). An event queues rows in the outbox in its own
 * transaction (`notify`, `notifyRoles`, the scan); the `notices.send` job delivers them through their
 * channel at NOTICE_MAILS_PER_MINUTE, retrying a refused send after 1, 5, 30 and 120 minutes, then
 * marking it failed for the admin's list. Nothing here ever waits for a mail server in a request.
 */

export const NOTICES_JOB = 'notices.send';
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 120 * 60_000] as const;
/** Every channel a notice goes by (one today: decision 065 on adding another). */
const CHANNELS: readonly NoticeChannel[] = ['email'];
const BATCH = 50;

/** In the caller's transaction: `kind` for these people (those who want it), once per `key`; the sender is woken. */
export async function notify(
  tx: DbOrTx,
  n: { kind: NoticeKind; userIds: readonly number[]; key: string; payload: object },
): Promise<number> {
  let queued = 0;
  for (const channel of CHANNELS) queued += await repo.queueFor(tx, { ...n, channel });
  if (queued > 0) await enqueueDrain(tx, NOTICES_JOB);
  return queued;
}

/** In the caller's transaction: `kind` for the back office (root and admin) who want it, once per `key`. */
export async function notifyAdmins(tx: DbOrTx, n: { kind: NoticeKind; key: string; payload: object }) {
  let queued = 0;
  for (const channel of CHANNELS) queued += await repo.queueForRoles(tx, { ...n, channel, roles: ['root', 'admin'] });
  if (queued > 0) await enqueueDrain(tx, NOTICES_JOB);
  return queued;
}

/**
 * What time announces (each once, whichever process gets there first): quizzes and challenges that
 * started, to every active rep; and, from 07:00 Warsaw time, yesterday's credits, one digest a rep.
 * Answers how many notices were queued.
 */
export async function scan(db: Db, now = new Date()): Promise<number> {
  let queued = 0;
  const once = async (key: string, work: (tx: DbOrTx) => Promise<number>) => {
    queued += await db.transaction(async (tx) => ((await repo.claimAnnouncement(tx, key)) ? work(tx) : 0));
  };
  for (const q of await repo.unannouncedQuizzes(db)) {
    await once(`quiz:${q.id}`, (tx) =>
      queueRoles(tx, 'quiz.started', `quiz:${q.id}`, { id: q.id, name: q.name, reward: q.reward, end_at: q.end_at }),
    );
  }
  const today = warsawDay(now);
  for (const c of await repo.unannouncedChallenges(db, today)) {
    await once(`challenge:${c.id}`, (tx) =>
      queueRoles(tx, 'challenge.started', `challenge:${c.id}`, {
        id: c.id,
        name: c.name,
        start_on: c.start_on,
        end_on: c.end_on,
      }),
    );
  }
  if (Number(warsawWallTime(now).slice(11, 13)) >= 7) {
    const yesterday = warsawDay(new Date(now.getTime() - 24 * 3600_000));
    await once(`digest:${yesterday}`, async (tx) => {
      let n = 0;
      for (const channel of CHANNELS) n += await repo.queueDigests(tx, yesterday, channel);
      return n;
    });
  }
  if (queued > 0) await enqueueDrain(db, NOTICES_JOB);
  return queued;
}

/** The demo seed's quizzes, challenges and credits are history, not news: nothing of them is announced. */
export async function markStartedAnnounced(db: DbOrTx, now = new Date()): Promise<void> {
  await repo.markStartedAnnounced(db, warsawDay(now), warsawDay(new Date(now.getTime() - 24 * 3600_000)));
}

async function queueRoles(tx: DbOrTx, kind: NoticeKind, key: string, payload: object): Promise<number> {
  let n = 0;
  for (const channel of CHANNELS) n += await repo.queueForRoles(tx, { kind, channel, roles: ['seller'], key, payload });
  return n;
}

/* ---------- settings ---------- */

export async function settingsOf(db: DbOrTx, user: { id: number; role: Role }): Promise<NoticeSettings> {
  const s = await repo.settingsOf(db, user.id);
  return {
    lang: s.lang,
    kinds: noticeKindsOf(user.role).map((kind) => ({ kind, enabled: !s.off.includes(kind) })),
  };
}

/** PUT /api/notices/settings: the caller's own; a kind its role does not receive is a 422. */
export async function saveSettings(db: Db, user: { id: number; role: Role }, body: NoticeSettingsBody) {
  const mine = noticeKindsOf(user.role);
  const foreign = Object.keys(body.kinds).find((k) => !mine.includes(k as NoticeKind));
  if (foreign) throw new AppError(422, 'notices.kindNotYours', {}, { [`kinds.${foreign}`]: ['notices.kindNotYours'] });
  await db.transaction(async (tx) => {
    const current = await repo.settingsOf(tx, user.id);
    const off = new Set(current.off);
    for (const [kind, enabled] of Object.entries(body.kinds)) {
      if (enabled) off.delete(kind);
      else off.add(kind);
    }
    await repo.saveSettings(tx, user.id, body.lang, [...off].sort());
    await recordChange(tx, { kind: 'profile.notices', object: 'user', id: user.id, ofUser: user.id });
  });
  return settingsOf(db, user);
}

/* ---------- the one-click unsubscribe link ---------- */

/** How long an unsubscribe link works. */
const LINK_DAYS = 180;
let linkKey: Promise<Buffer> | undefined;
const keyOf = (db: DbOrTx) => {
  linkKey ??= serverSecret(db, 'notices').then((s) => Buffer.from(s, 'base64url'));
  return linkKey.catch((err: unknown) => {
    linkKey = undefined;
    throw err;
  });
};
const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** The token of a link that turns `kind` off for `userId`: `<user:kind:expiry>.<HMAC-SHA256>`, base64url. */
export async function unsubscribeToken(
  db: DbOrTx,
  userId: number,
  kind: NoticeKind,
  now = Date.now(),
): Promise<string> {
  const body = `${userId}:${kind}:${Math.floor(now / 1000) + LINK_DAYS * 86_400}`;
  const sig = createHmac('sha256', await keyOf(db))
    .update(body)
    .digest('base64url');
  return `${b64(body)}.${sig}`;
}

/** The person and kind of a token that is ours, unexpired, and names a kind of that person's role; else null. */
async function readToken(db: DbOrTx, token: string): Promise<{ userId: number; kind: NoticeKind } | null> {
  const [body64, sig] = token.split('.');
  if (!body64 || !sig || token.split('.').length !== 2) return null;
  const body = Buffer.from(body64, 'base64url').toString();
  const expected = createHmac('sha256', await keyOf(db))
    .update(body)
    .digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const m = /^(\d{1,10}):([a-zA-Z.]{1,40}):(\d{1,12})$/.exec(body);
  if (!m) return null;
  const [, user, kind, exp] = m;
  if (Number(exp) * 1000 < Date.now()) return null;
  const person = await repo.person(db, Number(user));
  if (!person || person.deleted || !noticeKindsOf(person.role as Role).includes(kind as NoticeKind)) return null;
  return { userId: person.id, kind: kind as NoticeKind };
}

/** The kind a link would turn off (the confirmation page), or null for a forged, expired or foreign link. */
export async function unsubscribeTarget(db: DbOrTx, token: string) {
  return readToken(db, token);
}

/** Turns the link's kind off; null (nothing changed) for a forged, expired or foreign link. */
export async function unsubscribe(db: Db, token: string): Promise<{ kind: NoticeKind; lang: Lang } | null> {
  const target = await readToken(db, token);
  if (!target) return null;
  return db.transaction(async (tx) => {
    const current = await repo.settingsOf(tx, target.userId);
    if (!current.off.includes(target.kind)) {
      await repo.saveSettings(tx, target.userId, current.lang, [...current.off, target.kind].sort());
      await recordChange(tx, {
        kind: 'profile.notices',
        object: 'user',
        id: target.userId,
        ofUser: target.userId,
        actor: { id: target.userId },
        details: { unsubscribed: target.kind },
      });
    }
    return { kind: target.kind, lang: current.lang };
  });
}

/* ---------- the sender ---------- */

export interface NoticesJobOptions {
  mailer: Mailer;
  publicUrl: () => string;
  perMinute: number;
  retryDelaysMs?: readonly number[];
}

const pln = (grosze: unknown, lang: Lang) => {
  const s = formatGrosze(Number(grosze ?? 0));
  return lang === 'pl' ? `${s.replace('.', ',')} zł` : `PLN ${s}`;
};
const day = (iso: unknown) =>
  String(iso ?? '')
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('.');

/** A notice's values for reading, and the page it opens. */
function valuesOf(n: repo.DueNotice, base: string): { values: Record<string, string | number>; open: string } {
  const p = n.payload;
  const lang = n.lang;
  switch (n.kind) {
    case 'quiz.started':
      return {
        values: {
          name: String(p.name),
          reward: pln(p.reward, lang),
          until: p.end_at ? warsawWallTime(String(p.end_at)).slice(0, 16) : '—',
        },
        open: `${base}/quiz-ph/${p.id}`,
      };
    case 'challenge.started':
      return {
        values: { name: String(p.name), from: day(p.start_on), to: day(p.end_on) },
        open: `${base}${PAGES.challengesPh}?id=${p.id}`,
      };
    case 'money.digest':
      return {
        values: { day: day(p.day), amount: pln(p.amount, lang), count: Number(p.count) },
        open: `${base}/dashboard`,
      };
    case 'withdrawal.paid':
    case 'withdrawal.failed':
      return {
        values: {
          id: Number(p.id),
          amount: pln(p.amount, lang),
          card: `•••• ${String(p.card ?? '').slice(-4)}`,
          reason: String(p.reason ?? ''),
        },
        open: `${base}${PAGES.withdraw}`,
      };
    case 'salesImport.failed':
      return {
        values: {
          id: Number(p.id),
          file: String(p.file ?? ''),
          error: translate(lang, String(p.error ?? 'sales.jobFailed')),
        },
        open: `${base}${PAGES.salesImports}`,
      };
    case 'payoutBatch.returned':
      return {
        values: { id: Number(p.id), paid: Number(p.paid), failed: Number(p.failed), unchanged: Number(p.unchanged) },
        open: `${base}${PAGES.withdraw}`,
      };
  }
}

/** The job that delivers what is due, one message every 60/perMinute seconds; ends when nothing is due. */
export function noticesJob(opts: NoticesJobOptions): JobKind {
  const byChannel = channels(opts.mailer);
  return outboxSender<repo.DueNotice>({
    kind: NOTICES_JOB,
    perMinute: opts.perMinute,
    retryDelaysMs: opts.retryDelaysMs ?? RETRY_DELAYS_MS,
    batch: BATCH,
    due: repo.due,
    // Turned off or deactivated since it was queued.
    dropped: (n) => n.unwanted,
    markDropped: repo.markSkipped,
    async send(db, n) {
      const base = opts.publicUrl();
      const unsubscribe = `${base}/api/notices/unsubscribe?t=${await unsubscribeToken(db, n.user_id, n.kind)}`;
      const { values, open } = valuesOf(n, base);
      const content = render({
        kind: n.kind,
        lang: n.lang,
        name: n.name,
        values,
        open,
        unsubscribe,
        settings: `${base}${PAGES.notifications}`,
      });
      await byChannel[n.channel].deliver({ email: n.email, name: n.name }, content, { unsubscribe });
    },
    markSent: repo.markSent,
    markAttemptFailed: repo.markAttemptFailed,
    nextDueAt: repo.nextDueAt,
  });
}

/* ---------- the admin's view of the queue ---------- */

export const noticeCounts = (db: DbOrTx): Promise<NoticeCounts> => repo.counts(db);

export async function listNotices(
  db: Db,
  q: { status: NoticeStatus; order: 'asc' | 'desc'; page: number; per_page: number },
): Promise<Paged<QueuedNotice>> {
  const { rows, total } = await repo.list(db, {
    status: q.status,
    order: q.order,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(rows, total, q.page, q.per_page);
}
