import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** For admins this is the login shown in the admin form. */
    name: text('name').notNull(),
    surname: text('surname'),
    role: text('role').notNull(),
    assecoId: text('asseco_id'),
    phone: text('phone'),
    /** The newest card's number, kept in step with `cards` so lists can search and sort by it. */
    cardNumber: text('card_number'),
    passwordHash: text('password_hash'),
    /** Set when the user first sets a password from the e-mailed link. */
    activatedAt: ts('activated_at'),
    /**
     * False after someone other than the owner or an admin changed the e-mail of an activated
     * account: a forgotten-password link never goes to such an address (docs/decisions/014).
     * Setting a password through a link sent to it makes it true again.
     */
    emailConfirmed: boolean('email_confirmed').notNull().default(true),
    lastLoginAt: ts('last_login_at'),
    /**
     * Sign-ins since login_window.cutoff (the spec's login_counter_weekly, logins of the last 14
     * days): a trigger on logins adds new ones, advanceLoginWindow takes away those that age out.
     */
    recentLogins: integer('recent_logins').notNull().default(0),
    /**
     * What the list search matches (userSearchText), kept by PostgreSQL: a search rechecks each
     * candidate of the trigram index against it, and reading it costs half of rebuilding it.
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL => userSearchText(users)),
    /** Deleting a user deactivates it; its history and money stay. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => {
    const k = userSortKeys(t);
    // Partial indexes over the active users of one role, in each list order (ties by id).
    const byRole = (name: string, key: SQL | AnyPgColumn) =>
      index(name).on(t.role, key, t.id).where(sql`${t.deletedAt} is null`);
    return [
      uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
      // Asseco ids of active users are unique, whatever their case.
      uniqueIndex('users_asseco_id_key')
        .on(sql`lower(${t.assecoId})`)
        .where(sql`${t.deletedAt} is null and ${t.assecoId} is not null`),
      index('users_role_idx').on(t.role, t.id),
      index('users_active_role_idx').on(t.role, t.id).where(sql`${t.deletedAt} is null`),
      byRole('users_sort_asseco_id_idx', k.asseco_id),
      byRole('users_sort_name_idx', k.name),
      byRole('users_sort_surname_idx', k.surname),
      byRole('users_sort_email_idx', k.email),
      byRole('users_sort_card_idx', k.card),
      byRole('users_sort_active_idx', k.active),
      byRole('users_sort_complete_profile_idx', k.complete_profile),
      byRole('users_sort_last_login_at_idx', k.last_login_at),
      byRole('users_sort_login_counter_weekly_idx', k.login_counter_weekly),
      // Trigram index behind the list search (name, surname, e-mail, asseco id, card number).
      // fastupdate off: new rows go straight into the index. With it on they wait in a pending list
      // that only VACUUM empties, and PGlite never autovacuums, so searches would read the list.
      index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
      check('users_role_check', sql`${t.role} in ('root','admin','provider_admin','wholesaler','seller_reg','seller')`),
      check('users_recent_logins_check', sql`${t.recentLogins} >= 0`),
    ];
  },
);

interface UserSearchColumns {
  name: AnyPgColumn;
  surname: AnyPgColumn;
  email: AnyPgColumn;
  assecoId: AnyPgColumn;
  cardNumber: AnyPgColumn;
}

/**
 * The text the user lists search with `LIKE '%…%'`. The trigram index is built on exactly this
 * expression, so queries must use this function (not a look-alike) for the index to be used.
 */
export function userSearchText(t: UserSearchColumns): SQL {
  return sql`(lower(${t.name} || ' ' || coalesce(${t.surname}, '') || ' ' || ${t.email} || ' ' || coalesce(${t.assecoId}, '') || ' ' || coalesce(${t.cardNumber}, '')))`;
}

interface UserSortColumns extends UserSearchColumns {
  lastLoginAt: AnyPgColumn;
  recentLogins: AnyPgColumn;
}

/**
 * Sort keys of the user lists that live on the users row (each has a partial index above).
 * Missing values sort as the smallest: no asseco id as '', never signed in as -infinity.
 * The card sorts by its last 4 digits, the part the lists show.
 */
export function userSortKeys(t: UserSortColumns) {
  return {
    asseco_id: sql`coalesce(${t.assecoId}, '')`,
    name: sql`${t.name}`,
    surname: sql`coalesce(${t.surname}, '')`,
    email: sql`lower(${t.email})`,
    card: sql`right(coalesce(${t.cardNumber}, ''), 4)`,
    active: sql`(${t.lastLoginAt} is not null)`,
    complete_profile: sql`(btrim(${t.name}) <> '' and btrim(coalesce(${t.surname}, '')) <> '' and btrim(${t.email}) <> '' and btrim(coalesce(${t.assecoId}, '')) <> '')`,
    last_login_at: sql`coalesce(${t.lastLoginAt}, '-infinity'::timestamptz)`,
    login_counter_weekly: sql`${t.recentLogins}`,
  } satisfies Record<string, SQL>;
}

/**
 * How many active users each role has, kept exact by triggers on users (see migration
 * 0004_user_role_counts): the total of an unfiltered user list without counting thousands of rows.
 */
export const userRoleCounts = pgTable('user_role_counts', {
  role: text('role').primaryKey(),
  n: integer('n').notNull().default(0),
});

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    assecoId: text('asseco_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    nip: text('nip'),
    email: text('email'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouses_asseco_id_key').on(t.assecoId).where(sql`${t.deletedAt} is null`),
    index('warehouses_search_trgm_idx')
      .using('gin', sql`${warehouseSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** The text the warehouse list searches; its trigram index is built on exactly this expression. */
export function warehouseSearchText(t: { assecoId: AnyPgColumn; name: AnyPgColumn; address: AnyPgColumn }): SQL {
  return sql`(lower(${t.assecoId} || ' ' || ${t.name} || ' ' || ${t.address}))`;
}

/** Which warehouses a user belongs to: one for a seller, several for a regional manager, the wholesaler_ids of a wholesaler. */
export const userWarehouses = pgTable(
  'user_warehouses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.warehouseId] }), index('user_warehouses_warehouse_idx').on(t.warehouseId)],
);

/** A sign-in session. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One row per successful sign-in: the logins table, last_login_at and login_counter_weekly come from here. */
export const logins = pgTable(
  'logins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('logins_user_created_idx').on(t.userId, t.createdAt),
    // Logins by date: those leaving the recent-logins window (advanceLoginWindow).
    index('logins_created_user_idx').on(t.createdAt, t.userId),
  ],
);

/**
 * The start of the recent-logins window behind users.recent_logins (one row). Logins from
 * `cutoff` on are counted; advanceLoginWindow moves it to 14 days ago and takes away the logins it
 * passes (migration 0006_recent_logins has the counting trigger).
 */
export const loginWindow = pgTable(
  'login_window',
  {
    id: integer('id').primaryKey().default(1),
    cutoff: ts('cutoff').notNull(),
  },
  (t) => [check('login_window_single_row', sql`${t.id} = 1`)],
);

/** Single-use set-password links (account activation). Only the SHA-256 of the token is stored. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
  ],
);

/** Failed sign-in counters per e-mail and per address, shared by every API process. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  blockedUntil: ts('blocked_until'),
});

/** Prepaid cards: each added card is a row; the newest is the rep's current card. */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('cards_user_created_idx').on(t.userId, t.createdAt),
    check('cards_number_check', sql`${t.number} ~ '^[0-9]{16}$'`),
  ],
);

const grosze = (name: string) => bigint(name, { mode: 'number' });

/**
 * Each user's balances in grosze, changed only in the transaction that appends the ledger
 * entries behind them. The CHECKs make a negative balance impossible.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    available: grosze('available').notNull().default(0),
    inWithdrawal: grosze('in_withdrawal').notNull().default(0),
    withdrawn: grosze('withdrawn').notNull().default(0),
    earnedQuiz: grosze('earned_quiz').notNull().default(0),
    earnedChallenge: grosze('earned_challenge').notNull().default(0),
    /** Net of manual credits and debits; may be negative after a clawback. */
    earnedAdjustment: grosze('earned_adjustment').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The user lists sort by these (the same expressions as the wallet feature's moneySql).
    index('wallets_sort_total_idx').on(
      sql`coalesce(${t.earnedQuiz} + ${t.earnedChallenge} + ${t.earnedAdjustment}, 0)`,
      t.userId,
    ),
    index('wallets_sort_quiz_idx').on(sql`coalesce(${t.earnedQuiz}, 0)`, t.userId),
    index('wallets_sort_in_withdrawal_idx').on(sql`coalesce(${t.inWithdrawal}, 0)`, t.userId),
    index('wallets_sort_withdrawn_idx').on(sql`coalesce(${t.withdrawn}, 0)`, t.userId),
    check('wallets_available_check', sql`${t.available} >= 0`),
    check('wallets_in_withdrawal_check', sql`${t.inWithdrawal} >= 0`),
    check('wallets_withdrawn_check', sql`${t.withdrawn} >= 0`),
    check('wallets_earned_quiz_check', sql`${t.earnedQuiz} >= 0`),
    check('wallets_earned_challenge_check', sql`${t.earnedChallenge} >= 0`),
    // Money is conserved: what was earned is available, on its way out, or paid.
    check(
      'wallets_conservation_check',
      sql`${t.earnedQuiz} + ${t.earnedChallenge} + ${t.earnedAdjustment} = ${t.available} + ${t.inWithdrawal} + ${t.withdrawn}`,
    ),
  ],
);

/**
 * The append-only ledger. `amount` is in grosze: positive for rewards, requested, paid and
 * failed withdrawals (the kind says which balances move), signed for adjustments. The unique
 * key on (kind, source, source id, user) makes a second posting of the same event impossible.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    amount: grosze('amount').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_source_key').on(t.kind, t.sourceType, t.sourceId, t.userId),
    index('ledger_entries_user_created_idx').on(t.userId, t.createdAt),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('quiz_reward','challenge_reward','adjustment','withdrawal_requested','withdrawal_paid','withdrawal_failed')`,
    ),
    check('ledger_entries_source_check', sql`${t.sourceType} in ('quiz','challenge','withdrawal','admin')`),
    check('ledger_entries_amount_check', sql`${t.kind} = 'adjustment' and ${t.amount} <> 0 or ${t.amount} > 0`),
  ],
);

/** A file of withdrawals exported for the card issuer. */
export const payoutBatches = pgTable('payout_batches', {
  id: serial('id').primaryKey(),
  withdrawalsCount: integer('withdrawals_count').notNull(),
  total: grosze('total').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A request to pay a rep's whole wallet to the card: requested → exported → paid, or failed (money returns). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: grosze('amount').notNull(),
    status: text('status').notNull().default('requested'),
    /** The card the money goes to, as it was when the rep asked. */
    cardNumber: text('card_number').notNull(),
    batchId: integer('batch_id').references(() => payoutBatches.id),
    exportedAt: ts('exported_at'),
    exportedBy: integer('exported_by').references(() => users.id),
    settledAt: ts('settled_at'),
    settledBy: integer('settled_by').references(() => users.id),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('requested','exported','paid','failed')`),
  ],
);
