import { type SQL, sql } from 'drizzle-orm';
import { plnSql } from '../../lib/sql-json.ts';

/**
 * The user's `challenges` (SPEC.md section 3) for the JSON built in SQL (users/user-json.repo.ts):
 * its 3 newest challenges by start date in which it earned something, [{id, name, amount}] (the id links its ranking).
 */
export function userChallengesSql(userId: SQL | unknown): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'amount', ${plnSql(sql`x.amount`)})
      order by x.start_on desc, x.id desc), '[]'::json)
    from (select c.id, c.name, c.start_on, e.amount from challenge_earnings e
      join challenges c on c.id = e.challenge_id
      where e.user_id = ${userId} and e.amount > 0 and c.deleted_at is null
      order by c.start_on desc, c.id desc limit 3) x)`;
}
