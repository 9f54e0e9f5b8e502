import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  cards,
  invitations,
  ledgerEntries,
  logins,
  personalDataLog,
  programmeRules,
  quizAttempts,
  quizzes,
  repProfiles,
  rulesAcceptances,
  users,
  userWarehouses,
  wallets,
  warehouses,
  withdrawals,
} from '../../db/schema.ts';

/*
 * Everything the product holds about one person, for their access request (issue 30 point 5,
 * decision 063): read through the owners' read models (db/owners.ts), a statement per section.
 * Writes (the anonymisation) go through the owners' services; this module writes only its log.
 */

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface Account {
  id: number;
  email: string;
  name: string;
  surname: string | null;
  role: string;
  asseco_id: string | null;
  phone: string | null;
  card_number: string | null;
  email_confirmed: boolean;
  created_at: string;
  activated_at: string | null;
  last_login_at: string | null;
  deleted_at: string | null;
  anonymised_at: string | null;
}

export async function account(db: DbOrTx, id: number): Promise<Account | undefined> {
  const [row] = await queryRows<Account>(
    db,
    sql`select id, email, name, surname, role, asseco_id, phone, card_number, email_confirmed,
               ${iso('created_at')} as created_at, ${iso('activated_at')} as activated_at,
               ${iso('last_login_at')} as last_login_at, ${iso('deleted_at')} as deleted_at,
               ${iso('anonymised_at')} as anonymised_at
        from ${users} where id = ${id}`,
  );
  return row;
}

/** The sections beside the account, each a list (JSON rows), in the order the export shows them. */
export async function sections(db: DbOrTx, id: number) {
  const [profile, memberOf, cardRows, wallet, ledger, withdrawalRows, attempts, loginRows, consents, mails, log] =
    await Promise.all([
      queryRows<Record<string, unknown>>(
        db,
        sql`select pesel, tax_office_code, street, postcode, city, ${iso('updated_at')} as updated_at
            from ${repProfiles} where user_id = ${id}`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select w.asseco_id, w.name, w.address from ${userWarehouses} uw join ${warehouses} w on w.id = uw.warehouse_id
            where uw.user_id = ${id} order by w.id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select number, ${iso('created_at')} as created_at from ${cards} where user_id = ${id} order by id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select available, in_withdrawal, withdrawn, earned_quiz, earned_challenge, earned_adjustment, owed
            from ${wallets} where user_id = ${id}`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select kind, amount, reason, ${iso('created_at')} as created_at from ${ledgerEntries}
            where user_id = ${id} order by created_at, id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select amount, status, card_number, failure_reason, ${iso('created_at')} as created_at,
                   ${iso('settled_at')} as settled_at
            from ${withdrawals} where user_id = ${id} order by created_at, id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select q.name as quiz, a.is_survey, a.correct_count, a.required_count, a.passed, a.reward,
                   ${iso('a.created_at')} as created_at
            from ${quizAttempts} a join ${quizzes} q on q.id = a.quiz_id
            where a.user_id = ${id} order by a.created_at, a.id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select ip, user_agent, ${iso('created_at')} as created_at from ${logins}
            where user_id = ${id} order by created_at, id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select (select count(*) from ${programmeRules} r where r.id <= a.rules_id)::int as version,
                   ${iso('a.accepted_at')} as accepted_at
            from ${rulesAcceptances} a where a.user_id = ${id} order by a.accepted_at`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select status, attempts, ${iso('created_at')} as created_at, ${iso('sent_at')} as sent_at
            from ${invitations} where user_id = ${id} order by id`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select l.action, trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')) as actor,
                   ${iso('l.created_at')} as created_at
            from ${personalDataLog} l left join ${users} u on u.id = l.actor_id
            where l.subject_id = ${id} order by l.created_at, l.id`,
      ),
    ]);
  return {
    profile: profile[0] ?? null,
    warehouses: memberOf,
    cards: cardRows,
    wallet: wallet[0] ?? null,
    ledger,
    withdrawals: withdrawalRows,
    quiz_attempts: attempts,
    logins: loginRows,
    rules_acceptances: consents,
    activation_emails: mails,
    requests: log,
  };
}

export async function logAction(
  db: DbOrTx,
  subjectId: number,
  action: 'export_json' | 'export_html' | 'anonymise',
  actorId: number,
): Promise<void> {
  await db.insert(personalDataLog).values({ subjectId, action, actorId });
}

export interface Person {
  id: number;
  name: string;
  email: string;
  role: string;
  deleted_at: string | null;
  anonymised_at: string | null;
}

/** People by e-mail, name or surname (deactivated ones too), for the admin's search; at most `limit`. */
export async function findPeople(db: DbOrTx, search: string, limit: number): Promise<Person[]> {
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<Person>(
    db,
    sql`select id, trim(name || ' ' || coalesce(surname, '')) as name, email, role,
               ${iso('deleted_at')} as deleted_at, ${iso('anonymised_at')} as anonymised_at
        from ${users}
        where search_text like ${like}
        order by deleted_at is null, id desc
        limit ${limit}`,
  );
}
