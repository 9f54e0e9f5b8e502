import type { InvitationCounts, InvitationStatus, Paged } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { type Actor, readScopeOf, warehouseScopeOf } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { enqueueDrain, type JobKind, outboxSender } from '../jobs/index.ts';
import { type AuthSettings, sendSetPasswordLink } from './auth.service.ts';
import * as repo from './invitations.repo.ts';

/*
 * The activation e-mails of accounts created in bulk (issue 30 point 1, decision 061). Creating
 * 10,000 accounts must not wait for 10,000 e-mails, nor send them faster than the mail provider
 * takes them: the accounts' transaction queues one row each and a job, and the job sends them at
 * INVITE_MAILS_PER_MINUTE, each with a fresh set-password link. A failed send is tried again after
 * 1, 5, 30 and 120 minutes; after the fifth failure it waits, failed, for the admin's "send again".
 */

export const INVITATIONS_JOB = 'invitations.send';

/** The waits after the 1st, 2nd, 3rd and 4th failed send; the 5th fails it for good. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 120 * 60_000] as const;

/** Due e-mails read at a time. */
const BATCH = 50;

/** In the caller's transaction: one queued e-mail per new account, and a job to send them. */
export async function queueInvitations(tx: DbOrTx, userIds: readonly number[], createdBy: number | null) {
  const n = await repo.queue(tx, userIds, createdBy);
  if (n > 0) await enqueueDrain(tx, INVITATIONS_JOB, { createdBy });
  return n;
}

export interface InvitationsJobOptions {
  mailer: Mailer;
  settings: () => AuthSettings;
  perMinute: number;
  /** Tests: shorter waits between retries. */
  retryDelaysMs?: readonly number[];
}

/**
 * The job that sends what is due, one e-mail every 60/perMinute seconds, and ends when nothing is
 * due. E-mails waiting for a retry get a job queued for their time. One sender at a time
 * (exclusive), so the rate holds across processes.
 */
export function invitationsJob(opts: InvitationsJobOptions): JobKind {
  return outboxSender<repo.DueInvitation>({
    kind: INVITATIONS_JOB,
    perMinute: opts.perMinute,
    retryDelaysMs: opts.retryDelaysMs ?? RETRY_DELAYS_MS,
    batch: BATCH,
    due: repo.due,
    // Activated meanwhile (a link sent by hand) or deactivated: nothing to send.
    dropped: (inv) => inv.settled,
    markDropped: repo.markCancelled,
    async send(db, inv) {
      await sendSetPasswordLink(
        db,
        opts.mailer,
        opts.settings(),
        { id: inv.user_id, email: inv.email, name: inv.name },
        'pl',
      );
    },
    markSent: repo.markSent,
    markAttemptFailed: repo.markAttemptFailed,
    nextDueAt: repo.nextDueAt,
  });
}

/** The counts by status, in the actor's scope (of these people only, when given). */
export async function invitationCounts(
  db: DbOrTx,
  actor: Actor,
  userIds?: readonly number[],
): Promise<InvitationCounts> {
  return repo.counts(db, await readScopeOf(db, actor), userIds);
}

export async function listInvitations(
  db: Db,
  actor: Actor,
  q: { status: InvitationStatus; order: 'asc' | 'desc'; page: number; per_page: number },
): Promise<Paged<repo.ListedInvitation>> {
  const { rows, total } = await repo.list(db, await readScopeOf(db, actor), {
    status: q.status,
    order: q.order,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(rows, total, q.page, q.per_page);
}

/** "Send again" for one failed e-mail: 404 outside the scope, 409 when it is not failed (or cannot go). */
export async function resendInvitation(db: Db, actor: Actor, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const scope = await warehouseScopeOf(tx, actor);
    const found = await repo.findInScope(tx, scope, id);
    if (!found) throw new AppError(404, 'onboarding.invitationNotFound');
    const n = await repo.requeueFailed(tx, scope, [id]);
    if (n === 0) throw new AppError(409, 'onboarding.invitationNotFailed');
    await enqueueDrain(tx, INVITATIONS_JOB, { createdBy: actor.id });
    await recordChange(tx, { kind: 'invitation.resend', object: 'invitation', id, warehouseIds: scope ?? undefined });
    return n;
  });
}

/** "Send all again": every failed e-mail in the scope whose person still has no password. */
export async function resendFailedInvitations(db: Db, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const scope = await warehouseScopeOf(tx, actor);
    const n = await repo.requeueFailed(tx, scope, null);
    // Nothing failed: nothing changes, nothing is recorded.
    if (n > 0) {
      await enqueueDrain(tx, INVITATIONS_JOB, { createdBy: actor.id });
      await recordChange(tx, {
        kind: 'invitation.resendFailed',
        object: 'invitation',
        id: null,
        warehouseIds: scope ?? undefined,
        details: { count: n },
      });
    }
    return n;
  });
}

/** A person's queued activation e-mails, cancelled (the privacy module, when it anonymises them). */
export const cancelInvitationsOf = repo.cancelFor;

/** The activation e-mails by status, over every warehouse (the operator's metrics). */
export const queueCounts = (db: DbOrTx) => repo.counts(db, null);
