import { CARD_MASK_PREFIX, PESEL_MASK, type Role } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { cards, repProfiles, userSortKeys, users, userWarehouses, wallets, warehouses } from '../../db/schema.ts';
import type { Placeholders } from '../../lib/prepared.ts';
import { isoSql, jsonObject, plnSql } from '../../lib/sql-json.ts';
import { userChallengesSql } from '../challenges/challenges.shared.repo.ts';
import { moneyToGetSql } from '../quizzes/quizzes.shared.repo.ts';
import { moneySql } from '../wallet/wallet.shared.repo.ts';
import { taxDataCompleteSql } from './profile.repo.ts';

/** What changes the SQL of a user's JSON (part of a statement's shape, lib/prepared.ts). */
export type UserJsonShape = {
  /** The card number in full (root and admin on a details page) or masked. */
  card: 'masked' | 'full';
  /** Add the details page's fields (phone, activated, created_at, tax_data). */
  details: boolean;
  /** With `details`: a rep's tax data in full (root, admin, the rep itself) or masked (decision 059). */
  taxData?: 'full' | 'masked';
  /** Only the warehouses of the `whScope` value are listed on the user (a scoped actor's). */
  whScoped: boolean;
  /** Every row has this role (a list): the SQL is cut to it (no warehouse-admin ids for reps). */
  role: Role | null;
  /** Only the fields of the contract's User (GET /api/me): no list sort keys. */
  userOnly?: boolean;
};

export type UserJsonValues = {
  /** The scoped actor's warehouses, with `whScoped`. */
  whScope: number[] | undefined;
};

/** When the current (newest) card was added. */
const cardUpdatedAt = sql`(select max(${cards.createdAt}) from ${cards} where ${cards.userId} = ${users.id})`;

/** A user's (not deleted) warehouses as a JSON array of {id, name}, lowest id first. */
function warehousesOf(whScoped: boolean, p: Placeholders<UserJsonValues>): SQL {
  const inScope = whScoped ? sql`and ${warehouses.id} = any(${p.whScope}::int[])` : sql``;
  return sql`(select coalesce(json_agg(json_build_object('id', ${warehouses.id}, 'name', ${warehouses.name}) order by ${warehouses.id}), '[]'::json) from ${userWarehouses} inner join ${warehouses} on ${warehouses.id} = ${userWarehouses.warehouseId} where ${userWarehouses.userId} = ${users.id} and ${warehouses.deletedAt} is null ${inScope})`;
}

/**
 * A rep's tax data as the contract's RepTaxData, null for other roles. Masked: the PESEL's last four
 * digits, the tax office and the city; no street or postcode.
 */
function taxDataOf(mode: 'full' | 'masked'): SQL {
  const p = repProfiles;
  const masked = mode === 'masked';
  const json = jsonObject({
    pesel: masked
      ? sql`case when ${p.pesel} is null then null else ${PESEL_MASK}::text || right(${p.pesel}, 4) end`
      : sql`${p.pesel}`,
    tax_office_code: sql`${p.taxOfficeCode}`,
    street: masked ? sql`null::text` : sql`${p.street}`,
    postcode: masked ? sql`null::text` : sql`${p.postcode}`,
    city: sql`${p.city}`,
    complete: taxDataCompleteSql(users.id),
    masked: masked ? sql`true` : sql`false`,
  });
  return sql`case when ${users.role} = 'seller' then (select ${json} from (values (1)) as one left join ${repProfiles} on ${p.userId} = ${users.id}) end`;
}

/** GET /api/me of a rep: not every tax field is filled in (false for the other roles). */
const taxDataMissing = sql`(${users.role} = 'seller' and not ${taxDataCompleteSql(users.id)})`;

/**
 * Fields of GET /api/me that modules above users state (startup/rules-consent.ts: the rules a rep
 * has still to accept): each is SQL over the current `users` row, joined into the one statement.
 * Added at start-up, before the first request builds the statement.
 */
export type MeField = (user: { id: typeof users.id; role: typeof users.role }) => SQL;
const meFields = new Map<string, MeField>();

export function addMeField(name: string, field: MeField): void {
  meFields.set(name, field);
}

/** wholesaler_ids: a warehouse admin's warehouses (the ids of `whList`), [] for everyone else. */
function wholesalerIds(role: Role | null, whList: SQL): SQL {
  const ids = sql`(select coalesce(json_agg(w -> 'id'), '[]'::json) from json_array_elements(${whList}) as w)`;
  if (role === null) return sql`case when ${users.role} = 'wholesaler' then ${ids} else '[]'::json end`;
  return role === 'wholesaler' ? ids : sql`'[]'::json`;
}

/**
 * The user of the current `users` row (LEFT JOINed with its `wallets` row) as the JSON of the
 * contracts' UserListItem, or UserDetails with `details`: the one definition of how a user
 * looks on the wire (docs/decisions/010). The money fields map onto the wallet's balances
 * (docs/decisions/004):
 * - wallet.money: available now; wallet.in_withdrawal: requested, not yet paid; wallet.owed: what a
 *   sales correction took beyond the available money, settled by later earnings (decision 044);
 * - money_earned: earned and not yet paid out (available + in withdrawal − owed);
 * - money_withdrawed = withdraw_amount: paid out to the card;
 * - total_amount: everything earned (quiz + challenge + adjustments) = money_earned + money_withdrawed;
 * - amount_from_quiz: earned from quizzes.
 */
export function userJson(o: UserJsonShape, p: Placeholders<UserJsonValues>): SQL {
  const balance = (column: typeof wallets.available) => sql`coalesce(${column}, 0)`;
  const whList = warehousesOf(o.whScoped, p);
  const cardNumber =
    o.card === 'full' ? sql`${users.cardNumber}` : sql`${CARD_MASK_PREFIX}::text || right(${users.cardNumber}, 4)`;
  return jsonObject({
    id: sql`${users.id}`,
    name: sql`${users.name}`,
    surname: sql`${users.surname}`,
    email: sql`${users.email}`,
    role: sql`${users.role}`,
    asseco_id: sql`${users.assecoId}`,
    card: sql`case when ${users.cardNumber} is null then null else ${jsonObject({
      number: cardNumber,
      updated_at: isoSql(sql`coalesce(${cardUpdatedAt}, ${users.createdAt})`),
    })} end`,
    wallet: jsonObject({
      money: plnSql(balance(wallets.available)),
      in_withdrawal: plnSql(balance(wallets.inWithdrawal)),
      owed: plnSql(balance(wallets.owed)),
      updated_at: isoSql(wallets.updatedAt),
    }),
    // Net of what a sales correction left owed (decision 044): earned = available + in withdrawal + withdrawn − owed.
    money_earned: plnSql(
      sql`${balance(wallets.available)} + ${balance(wallets.inWithdrawal)} - ${balance(wallets.owed)}`,
    ),
    money_withdrawed: plnSql(moneySql.withdrawn),
    withdraw_amount: plnSql(moneySql.withdrawn),
    total_amount: plnSql(moneySql.totalAmount),
    amount_from_quiz: plnSql(moneySql.amountFromQuiz),
    // The rewards of the live quizzes the rep can still earn (challenges will add theirs).
    money_to_get: plnSql(moneyToGetSql(users.id, users.role)),
    last_login_at: isoSql(users.lastLoginAt),
    login_counter_weekly: sql`${users.recentLogins}`,
    // Its 3 newest challenges (by start date) in which it earned something.
    challenges: userChallengesSql(users.id),
    wholesaler_ids: wholesalerIds(o.role, whList),
    warehouses: whList,
    // The same expressions the lists sort by.
    ...(o.userOnly
      ? {
          tax_data_missing: taxDataMissing,
          ...Object.fromEntries(
            [...meFields].map(([name, field]) => [name, field({ id: users.id, role: users.role })]),
          ),
        }
      : { is_active: userSortKeys(users).active, complete_profile: userSortKeys(users).complete_profile }),
    ...(o.details
      ? {
          phone: sql`${users.phone}`,
          activated: sql`${users.activatedAt} is not null`,
          created_at: isoSql(users.createdAt),
          tax_data: taxDataOf(o.taxData ?? 'masked'),
        }
      : {}),
  });
}
