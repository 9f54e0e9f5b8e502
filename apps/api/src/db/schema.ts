import { sql } from 'drizzle-orm';
import {
  bigint,
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
    lastLoginAt: ts('last_login_at'),
    /** Deleting a user deactivates it; its history and money stay. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role, t.id),
    // Trigram index behind the list search (name, surname, e-mail, asseco id, card number).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || coalesce(${t.surname}, '') || ' ' || ${t.email} || ' ' || coalesce(${t.assecoId}, '') || ' ' || coalesce(${t.cardNumber}, ''))) gin_trgm_ops`,
    ),
    check('users_role_check', sql`${t.role} in ('root','admin','provider_admin','wholesaler','seller_reg','seller')`),
  ],
);

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
    index('warehouses_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.assecoId} || ' ' || ${t.name} || ' ' || ${t.address})) gin_trgm_ops`,
    ),
  ],
);

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
  (t) => [index('logins_user_created_idx').on(t.userId, t.createdAt)],
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

export const LEDGER_KINDS = [
  'quiz_reward',
  'challenge_reward',
  'adjustment',
  'withdrawal_requested',
  'withdrawal_paid',
  'withdrawal_failed',
] as const;
export const LEDGER_SOURCES = ['quiz', 'challenge', 'withdrawal', 'admin'] as const;

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
