import { type Lang, type PrivacyPerson, translate, WARSAW_TIME_ZONE } from '@incentive/contracts';
import escapeHtml from 'escape-html';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import type { Actor } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { endAccess, forgetSignIns } from '../auth/auth.service.ts';
import { cancelInvitationsOf } from '../auth/invitations.service.ts';
import { anonymiseAccount } from '../users/users.service.ts';
import * as repo from './privacy.repo.ts';

/*
 * Personal data on request (issue 30 point 5, decision 063). An export gathers everything held
 * about a person (deactivated ones too); an anonymisation replaces a deactivated person's name,
 * e-mail, phone and tax data and forgets where they signed in from, while the ledger, withdrawals
 * and tax totals stay (financial records are kept for five years). Both are written to the log,
 * in the same transaction as what they record.
 */

const notFound = () => new AppError(404, 'privacy.notFound');

/** Columns that hold grosze in the sections: shown as PLN with two decimals. */
const MONEY = new Set([
  'amount',
  'reward',
  'available',
  'in_withdrawal',
  'withdrawn',
  'earned_quiz',
  'earned_challenge',
  'earned_adjustment',
  'owed',
]);

const withMoney = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, MONEY.has(k) && v !== null ? formatGrosze(Number(v)) : v]),
  );

export type PersonalData = Awaited<ReturnType<typeof collect>>;

async function collect(db: Db, id: number) {
  const account = await repo.account(db, id);
  if (!account) throw notFound();
  const s = await repo.sections(db, id);
  return {
    exported_at: new Date().toISOString(),
    account,
    profile: s.profile,
    warehouses: s.warehouses,
    cards: s.cards,
    wallet: s.wallet ? withMoney(s.wallet) : null,
    ledger: s.ledger.map(withMoney),
    withdrawals: s.withdrawals.map(withMoney),
    quiz_attempts: s.quiz_attempts.map(withMoney),
    logins: s.logins,
    rules_acceptances: s.rules_acceptances,
    activation_emails: s.activation_emails,
    requests: s.requests,
  };
}

/** GET /api/users/{id}/personal-data: everything held about the person, and the export logged. */
export async function exportPersonalData(db: Db, actor: Actor, id: number, format: 'json' | 'html') {
  if (!(await repo.account(db, id))) throw notFound();
  await repo.logAction(db, id, format === 'json' ? 'export_json' : 'export_html', actor.id);
  return collect(db, id);
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : escapeHtml(String(v)));

function table(rows: readonly Record<string, unknown>[], none: string): string {
  if (rows.length === 0) return `<p class="none">${escapeHtml(none)}</p>`;
  const cols = Object.keys(rows[0] as object);
  return `<table><thead><tr>${cols.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

const pairs = (row: Record<string, unknown> | null, none: string) =>
  row
    ? `<table class="pairs"><tbody>${Object.entries(row)
        .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${cell(v)}</td></tr>`)
        .join('')}</tbody></table>`
    : `<p class="none">${escapeHtml(none)}</p>`;

/** The same data as a page a person can read: every section a heading and a table, every value escaped. */
export function personalDataHtml(data: PersonalData, lang: Lang): string {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(lang, key, params);
  const none = t('privacy.none');
  const name = [data.account.name, data.account.surname].filter(Boolean).join(' ');
  const date = new Intl.DateTimeFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', {
    timeZone: WARSAW_TIME_ZONE,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(data.exported_at));
  const lists = [
    'warehouses',
    'cards',
    'ledger',
    'withdrawals',
    'quiz_attempts',
    'logins',
    'rules_acceptances',
    'activation_emails',
    'requests',
  ] as const;
  const body = [
    `<h2>${escapeHtml(t('privacy.section.account'))}</h2>${pairs(data.account as unknown as Record<string, unknown>, none)}`,
    `<h2>${escapeHtml(t('privacy.section.profile'))}</h2>${pairs(data.profile, none)}`,
    `<h2>${escapeHtml(t('privacy.section.wallet'))}</h2>${pairs(data.wallet, none)}`,
    ...lists.map((k) => `<h2>${escapeHtml(t(`privacy.section.${k}`))}</h2>${table(data[k], none)}`),
  ].join('\n');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('privacy.html.title', { name }))}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem}table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f3f3f3}.pairs th{width:14rem}.none{color:#666}</style></head>
<body><h1>${escapeHtml(t('privacy.html.title', { name }))}</h1><p>${escapeHtml(t('privacy.html.intro', { date }))}</p>
${body}
</body></html>`;
}

/** GET /api/privacy/people: people by e-mail or name, deactivated ones included. */
export const findPeople = (db: Db, search: string): Promise<PrivacyPerson[]> => repo.findPeople(db, search, 20);

/**
 * POST /api/users/{id}/anonymise: a deactivated person's name, e-mail, phone and tax data replaced,
 * sign-in impossible, where they signed in from forgotten; money and history kept. Logged.
 */
export async function anonymise(db: Db, actor: Actor, id: number): Promise<PrivacyPerson> {
  await db.transaction(async (tx) => {
    const before = await repo.account(tx, id);
    if (!before) throw notFound();
    if (before.anonymised_at) throw new AppError(409, 'privacy.alreadyAnonymised');
    if (!before.deleted_at) throw new AppError(409, 'privacy.notDeactivated');
    if (!(await anonymiseAccount(tx, id))) throw new AppError(409, 'privacy.alreadyAnonymised');
    await endAccess(tx, id, new Date());
    await forgetSignIns(tx, id);
    await cancelInvitationsOf(tx, id);
    await repo.logAction(tx, id, 'anonymise', actor.id);
    await recordChange(tx, { kind: 'user.anonymise', object: 'user', id, ofUser: id });
  });
  const after = await repo.account(db, id);
  if (!after) throw notFound();
  return {
    id: after.id,
    name: [after.name, after.surname].filter(Boolean).join(' '),
    email: after.email,
    role: after.role,
    deleted_at: after.deleted_at,
    anonymised_at: after.anonymised_at,
  };
}
