import { type SQL, sql } from 'drizzle-orm';

export { userChallengesSql } from './user-challenges.repo.ts';

/*
 * What challenges lend to other modules' statements (decision 052): the rule of which challenge
 * pays for a sale, and the writes of a rep's earnings in a challenge. The sales import embeds them
 * in its own set-based statements (decision 050), a chunk of rows at a time: the rule and the
 * table stay here, the statements stay one each.
 */

/**
 * The challenge that pays for a sale of `productId` on `day` (a date), as a subquery of at most one
 * row (challenge_id, reward) to join laterally: of the challenges not deleted that hold the product
 * on that day, the one that started last (the lower id on a tie).
 */
export function challengePayingFor(productId: SQL, day: SQL): SQL {
  return sql`(
    select cp.challenge_id, cp.reward
    from challenge_products cp join challenges c on c.id = cp.challenge_id
    where cp.product_id = ${productId} and c.deleted_at is null and ${day} between c.start_on and c.end_on
    order by c.start_on desc, c.id
    limit 1
  )`;
}

/**
 * Adds what reps earned to their earnings in each challenge: `net` names a relation of the statement
 * (challenge_id, user_id, units, amount), one row per rep and challenge. The rows with a negative
 * amount (corrections outweighing new sales) are left to giveBackEarnings. Returns a row per change.
 */
export function addEarnings(net: SQL): SQL {
  return sql`insert into challenge_earnings (challenge_id, user_id, units, amount)
      select challenge_id, user_id, units, amount from ${net} where amount >= 0
      on conflict (challenge_id, user_id) do update set
        units = challenge_earnings.units + excluded.units,
        amount = challenge_earnings.amount + excluded.amount,
        updated_at = now()
      returning 1`;
}

/**
 * Takes back from reps' earnings the rows of `net` with a negative amount: a rep whose corrections
 * outweigh its new sales holds earnings already (what it returns). Returns a row per change.
 */
export function giveBackEarnings(net: SQL): SQL {
  return sql`update challenge_earnings e set units = e.units + n.units, amount = e.amount + n.amount, updated_at = now()
      from ${net} n where n.amount < 0 and e.challenge_id = n.challenge_id and e.user_id = n.user_id
      returning 1`;
}

/**
 * Takes what reverted sales paid off the reps' earnings: `paid` is a statement part yielding
 * (user_id, challenge_id, units, amount), one row per rep and challenge.
 */
export function takeBackEarnings(paid: SQL): SQL {
  return sql`with paid as (${paid})
    update challenge_earnings e set units = e.units - p.units, amount = e.amount - p.amount, updated_at = now()
    from paid p where e.user_id = p.user_id and e.challenge_id = p.challenge_id`;
}
