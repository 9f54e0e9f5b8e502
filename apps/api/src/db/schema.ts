import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A text in the Polish alphabet's order (docs/decisions/017-polish-sort-order.md): kept by
 * PostgreSQL as `pl_sort_key(source)` (migration 0008) and compared byte by byte (collation "C"),
 * so PGlite, which has no Polish collation, and PostgreSQL sort alike. Never sent to clients.
 */
const polishSortKey = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});
const sortKeyOf = (name: string, source: () => SQL) => polishSortKey(name).generatedAlwaysAs(source);

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
    /** What the lists sort names, surnames and e-mails by (the Polish alphabet, see polishSortKey). */
    nameKey: sortKeyOf('name_key', (): SQL => sql`pl_sort_key(${users.name})`),
    surnameKey: sortKeyOf('surname_key', (): SQL => sql`pl_sort_key(coalesce(${users.surname}, ''))`),
    emailKey: sortKeyOf('email_key', (): SQL => sql`pl_sort_key(${users.email})`),
    /** Deleting a user deactivates it; its history and money stay. */
    deletedAt: ts('deleted_at'),
    /** When a deactivated person's name, e-mail, phone and tax data were replaced (decision 063). */
    anonymisedAt: ts('anonymised_at'),
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
      // What a warehouse's figures read of each member (decision 032): an index-only probe per link.
      index('users_warehouse_figures_idx').on(t.id, t.role, t.deletedAt, t.lastLoginAt),
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
  nameKey: AnyPgColumn;
  surnameKey: AnyPgColumn;
  emailKey: AnyPgColumn;
  lastLoginAt: AnyPgColumn;
  recentLogins: AnyPgColumn;
}

/**
 * Sort keys of the user lists that live on the users row (each has a partial index above).
 * Missing values sort as the smallest: no asseco id as '', never signed in as -infinity.
 * The card sorts by its last 4 digits, the part the lists show. Names, surnames and e-mails sort
 * by their stored keys in the Polish alphabet (case-insensitive; no surname as '').
 */
export function userSortKeys(t: UserSortColumns) {
  return {
    asseco_id: sql`coalesce(${t.assecoId}, '')`,
    name: sql`${t.nameKey}`,
    surname: sql`${t.surnameKey}`,
    email: sql`${t.emailKey}`,
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
    /** What the list sorts names and addresses by (the Polish alphabet, see polishSortKey). */
    nameKey: sortKeyOf('name_key', (): SQL => sql`pl_sort_key(${warehouses.name})`),
    addressKey: sortKeyOf('address_key', (): SQL => sql`pl_sort_key(${warehouses.address})`),
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
/**
 * A rep's own profile beyond `users` (issue 30 point 2, decision 059): the address and tax data the
 * year-end tax report (PIT-11) needs. Its own table so that no query of `users` carries a PESEL by
 * accident; one row per rep, written by the rep (PUT /api/profile). The checks repeat the contract's
 * rules (a PESEL of 11 digits, a postcode NN-NNN, a 4-digit tax office code) so that no other
 * writer can store what the form refuses; the PESEL's check digit is the service's to prove.
 */
export const repProfiles = pgTable(
  'rep_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    pesel: text('pesel'),
    taxOfficeCode: text('tax_office_code'),
    street: text('street'),
    postcode: text('postcode'),
    city: text('city'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('rep_profiles_pesel_check', sql`${t.pesel} ~ '^[0-9]{11}$'`),
    check('rep_profiles_tax_office_check', sql`${t.taxOfficeCode} ~ '^[0-9]{4}$'`),
    check('rep_profiles_postcode_check', sql`${t.postcode} ~ '^[0-9]{2}-[0-9]{3}$'`),
    check('rep_profiles_street_check', sql`length(${t.street}) between 1 and 200`),
    check('rep_profiles_city_check', sql`length(${t.city}) between 1 and 100`),
  ],
);

export const userWarehouses = pgTable(
  'user_warehouses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /*
     * Copies of the member's users row that a warehouse's figures count by, written by triggers
     * only (migration 0017, docs/decisions/036): its role, whether it is not deactivated, whether it
     * ever signed in. A warehouse page then reads its members from this table's index alone.
     */
    memberRole: text('member_role').notNull().default(''),
    memberActive: boolean('member_active').notNull().default(false),
    memberSignedIn: boolean('member_signed_in').notNull().default(false),
    /*
     * A copy of what the member earned in total (grosze, their wallet's earned_* summed), written by
     * triggers only (migration 0018, docs/decisions/042): a credit updates it in the same transaction.
     */
    memberEarned: bigint('member_earned', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.warehouseId] }),
    // A warehouse's members and what its figures count, by an index-only scan (decisions 032, 036).
    index('user_warehouses_warehouse_member_idx').on(
      t.warehouseId,
      t.userId,
      t.memberActive,
      t.memberRole,
      t.memberSignedIn,
      t.memberEarned,
    ),
  ],
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

/**
 * Keys the API processes share (docs/decisions/048): `device` signs the cookies of browsers that
 * signed in before. Made once, by whichever process needs it first; never sent to a client.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
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
    /**
     * What the rep owes: the part of a sales correction its available money did not cover (decision
     * 044). Later earnings settle it first; a wallet never holds money while it owes (a deferred
     * constraint trigger, migration 0020).
     */
    owed: grosze('owed').notNull().default(0),
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
    check('wallets_owed_check', sql`${t.owed} >= 0`),
    // Money is conserved: what was earned, plus what is owed, is available, on its way out, or paid.
    check(
      'wallets_conservation_check',
      sql`${t.earnedQuiz} + ${t.earnedChallenge} + ${t.earnedAdjustment} + ${t.owed} = ${t.available} + ${t.inWithdrawal} + ${t.withdrawn}`,
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
    // A calendar year's entries (the year-end tax report, decision 062) and the ledger's first and last.
    index('ledger_entries_created_idx').on(t.createdAt),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('quiz_reward','challenge_reward','challenge_reversal','sale_correction','sale_correction_owed','sale_correction_reversal','owed_settlement','manager_reclaim','adjustment','withdrawal_requested','withdrawal_paid','withdrawal_failed')`,
    ),
    check('ledger_entries_source_check', sql`${t.sourceType} in ('quiz','challenge','withdrawal','admin','owed')`),
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

/** Raw bytes (PostgreSQL bytea); PGlite and pg both hand them back as a Uint8Array or Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * An uploaded image (docs/decisions/019-images-in-the-database.md), keyed by the SHA-256 of the
 * uploaded bytes so the same file uploaded twice is stored once. The original is never kept:
 * only the re-encoded variants below, which are what browsers download.
 */
export const images = pgTable(
  'images',
  {
    hash: text('hash').primaryKey(),
    /** The size of the largest variant. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Where the variants' bytes are (decision 072): `database` (the image_variants rows) or `s3` (objects
     * `<hash>/<width>.<webp|jpg>` in the configured bucket). `npm run images:move` changes it image by image.
     */
    store: text('store').notNull().default('database'),
  },
  (t) => [check('images_store_check', sql`${t.store} in ('database','s3')`)],
);

/** One re-encoded size and format of an image, served at /api/images/{hash}/{width}.{webp|jpg}. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageHash: text('image_hash')
      .notNull()
      .references(() => images.hash, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.imageHash, t.width, t.format] }),
    check('image_variants_format_check', sql`${t.format} in ('webp','jpeg')`),
  ],
);

/**
 * A quiz or survey. Inactive until its summary is saved; deleting hides it (deleted_at) and keeps
 * its attempts and the rewards they paid. `reward` is in grosze.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lead: text('lead').notNull(),
    /** Sanitized HTML. */
    text: text('text').notNull(),
    videoUrl: text('video_url'),
    imageHash: text('image_hash').references(() => images.hash),
    reward: grosze('reward').notNull().default(0),
    correctAnswers: integer('correct_answers').notNull().default(0),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    isOneTime: boolean('is_one_time').notNull().default(true),
    isSurvey: boolean('is_survey').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    /** The version reps see, take and are graded on; null until the first summary (docs/decisions/043). */
    liveVersion: integer('live_version'),
    /** The version the editor edits: the live one, or the next one while an edit waits for its summary. */
    draftVersion: integer('draft_version').notNull().default(1),
    /** An edit's name, lead, text, video and image while the quiz stays live; the summary applies it. */
    draftContent: jsonb('draft_content').$type<QuizDraftContent>(),
    nameKey: sortKeyOf('name_key', (): SQL => sql`pl_sort_key(${quizzes.name})`),
    createdBy: integer('created_by').references(() => users.id),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The rep's list: active, not deleted, within its dates.
    index('quizzes_live_idx').on(t.endAt, t.id).where(sql`${t.isActive} and ${t.deletedAt} is null`),
    index('quizzes_name_key_idx').on(t.nameKey, t.id).where(sql`${t.deletedAt} is null`),
    check('quizzes_reward_check', sql`${t.reward} >= 0`),
    check('quizzes_correct_answers_check', sql`${t.correctAnswers} >= 0`),
    check('quizzes_dates_check', sql`${t.endAt} is null or ${t.startAt} is null or ${t.endAt} >= ${t.startAt}`),
    check('quizzes_versions_check', sql`${t.liveVersion} is null or ${t.draftVersion} >= ${t.liveVersion}`),
    check('quizzes_active_live_check', sql`not ${t.isActive} or ${t.liveVersion} is not null`),
  ],
);

/** What an edit of a live quiz keeps aside until its summary is saved (quizzes.draft_content). */
export interface QuizDraftContent {
  name: string;
  lead: string;
  text: string;
  videoUrl: string | null;
  imageHash: string | null;
}

/**
 * The grading rules of each version of a quiz that went live (docs/decisions/043): an attempt
 * answered on an older version is graded on the rules it was shown with.
 */
export const quizVersions = pgTable(
  'quiz_versions',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id),
    version: integer('version').notNull(),
    correctAnswers: integer('correct_answers').notNull(),
    isSurvey: boolean('is_survey').notNull(),
    questionsCount: integer('questions_count').notNull(),
    activatedAt: ts('activated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.version] }),
    check('quiz_versions_correct_answers_check', sql`${t.correctAnswers} >= 0`),
  ],
);

/**
 * A question of one version of a quiz. A version that has been live is never changed (an edit
 * writes the next version), so past attempts keep what they answered; a draft's removed questions
 * stay too (deleted_at).
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id),
    version: integer('version').notNull().default(1),
    position: integer('position').notNull(),
    /** Sanitized HTML. */
    questionText: text('question_text').notNull(),
    type: text('type').notNull(),
    points: integer('points').notNull().default(10),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('quiz_questions_version_idx').on(t.quizId, t.version, t.position),
    check('quiz_questions_type_check', sql`${t.type} in ('multiple_choice','text')`),
  ],
);

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id),
    position: integer('position').notNull(),
    answerText: text('answer_text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('quiz_answers_question_idx').on(t.questionId, t.position)],
);

/**
 * One submission of a quiz by a rep, graded on the server, with the numbers as they were then
 * (editing the quiz later does not change them) and the reward it credited (grosze, 0 when none).
 * At most one passed attempt per rep and quiz: with the ledger's source key, a reward is paid once.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    correctCount: integer('correct_count').notNull(),
    requiredCount: integer('required_count').notNull(),
    questionsCount: integer('questions_count').notNull(),
    passed: boolean('passed').notNull(),
    isSurvey: boolean('is_survey').notNull(),
    reward: grosze('reward').notNull().default(0),
    /** The quiz version the rep answered (docs/decisions/043). */
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_one_pass_key').on(t.quizId, t.userId).where(sql`${t.passed}`),
    index('quiz_attempts_user_idx').on(t.userId, t.createdAt, t.id),
    index('quiz_attempts_quiz_idx').on(t.quizId, t.createdAt, t.id),
    // A period's attempts (the programme's figures, decision 066).
    index('quiz_attempts_created_idx').on(t.createdAt),
    check('quiz_attempts_reward_check', sql`${t.reward} >= 0`),
  ],
);

/** What a rep answered to one question of an attempt: the chosen answer, or the typed text of an open question. */
export const quizAttemptAnswers = pgTable(
  'quiz_attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id),
    answerId: integer('answer_id').references(() => quizAnswers.id),
    answerText: text('answer_text'),
    isCorrect: boolean('is_correct').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('quiz_attempt_answers_question_idx').on(t.questionId, t.answerId),
  ],
);

/**
 * The provider's products. Articles present one (articles.product_id); challenges pay a reward
 * per unit sold (issue 15), matched by `code`, the product's id in the wholesalers' ERP exports.
 * Deleting hides a product (deleted_at) and keeps what refers to it.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The product's code in the sales-result exports; unique among products that have one. */
    code: text('code'),
    imageHash: text('image_hash').references(() => images.hash),
    nameKey: sortKeyOf('name_key', (): SQL => sql`pl_sort_key(${products.name})`),
    createdBy: integer('created_by').references(() => users.id),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.code).where(sql`${t.code} is not null and ${t.deletedAt} is null`),
    index('products_name_key_idx').on(t.nameKey, t.id).where(sql`${t.deletedAt} is null`),
    // The product picker's search (lower(name) like '%…%'); fastupdate off as for users (PGlite never vacuums).
    index('products_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * An article (SPEC.md section 3). `published_at` null is a draft; a date is when reps start to see
 * it (a future one is scheduled). Deleting hides it from reps (deleted_at) and keeps the row, so the
 * history of what was published stays. Content, title and lead are stored sanitized.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    title: text('title').notNull(),
    lead: text('lead').notNull(),
    /** Sanitized HTML. */
    content: text('content').notNull(),
    videoUrl: text('video_url'),
    imageHash: text('image_hash')
      .notNull()
      .references(() => images.hash),
    productId: integer('product_id').references(() => products.id),
    publishedAt: ts('published_at'),
    titleKey: sortKeyOf('title_key', (): SQL => sql`pl_sort_key(${articles.title})`),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The rep's list and the carousel: published, not deleted, newest first.
    index('articles_live_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.publishedAt} is not null`),
    // The back office's default order, and the title sort.
    index('articles_created_idx').on(t.createdAt, t.id),
    index('articles_title_key_idx').on(t.titleKey, t.id),
    index('articles_product_idx').on(t.productId).where(sql`${t.productId} is not null`),
    // The back office's search over title and lead (articleSearchSql in articles.repo.ts matches this expression).
    index('articles_search_trgm_idx')
      .using('gin', sql`lower(${t.title} || ' ' || ${t.lead}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * A sales challenge (issue 15): from `start_on` to `end_on` (Warsaw calendar days, both included)
 * each of its products pays a reward per unit sold. Deleting hides it (deleted_at); a challenge
 * with imported sales cannot be deleted.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    imageHash: text('image_hash').references(() => images.hash),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    endOn: date('end_on', { mode: 'string' }).notNull(),
    nameKey: sortKeyOf('name_key', (): SQL => sql`pl_sort_key(${challenges.name})`),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('challenges_dates_check', sql`${t.endOn} >= ${t.startOn}`),
    // The table's default order (newest first) and the rep's list (running and recently ended).
    index('challenges_start_idx').on(t.startOn, t.id).where(sql`${t.deletedAt} is null`),
    index('challenges_end_idx').on(t.endOn, t.id).where(sql`${t.deletedAt} is null`),
    index('challenges_name_key_idx').on(t.nameKey, t.id).where(sql`${t.deletedAt} is null`),
    index('challenges_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A product of a challenge and its reward per unit (grosze). `article_id` is the article 'more'
 * opens (null: the product's newest published article). A product is in at most one challenge on
 * any day (checked when a challenge is saved), so each sale pays in one challenge at most.
 */
export const challengeProducts = pgTable(
  'challenge_products',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    reward: grosze('reward').notNull(),
    articleId: integer('article_id').references(() => articles.id),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.productId] }),
    index('challenge_products_product_idx').on(t.productId),
    check('challenge_products_reward_check', sql`${t.reward} > 0`),
  ],
);

/**
 * One upload of sales results. Rows are read into `sales_import_rows` (staging), then applied in
 * one transaction with their money (applied); an applied import may be reverted by compensating
 * ledger entries (reverted). A refused file, or one interrupted before it was applied, is failed.
 */
export const salesImports = pgTable(
  'sales_imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    format: text('format'),
    encoding: text('encoding'),
    status: text('status').notNull().default('staging'),
    /** The message key of a failed import's reason. */
    error: text('error'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsAccepted: integer('rows_accepted').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    /** Totals rows ('Razem', 'Suma', a row with no document): skipped and counted, not refused. */
    rowsSummary: integer('rows_summary').notNull().default(0),
    amount: grosze('amount').notNull().default(0),
    /** What the import's correction lines took back (grosze, positive). */
    amountCorrected: grosze('amount_corrected').notNull().default(0),
    repsCount: integer('reps_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
    revertedAt: ts('reverted_at'),
    revertedBy: integer('reverted_by').references(() => users.id),
    /** The background job that checks and applies it (decision 050). */
    jobId: integer('job_id'),
    /** Cursor of the check: staged rows up to this row number are resolved. */
    checkedThrough: integer('checked_through').notNull().default(0),
    /** Cursor of the apply: the reps up to this user id are paid. */
    appliedThroughUser: integer('applied_through_user').notNull().default(0),
    rowsChecked: integer('rows_checked').notNull().default(0),
    /** Rows held for an admin's decision, still pending, and what they would pay (grosze). */
    rowsHeld: integer('rows_held').notNull().default(0),
    amountHeld: grosze('amount_held').notNull().default(0),
    finishedAt: ts('finished_at'),
    /** The plausibility limits the check used (sales_import_settings when it started). */
    maxRowQuantity: integer('max_row_quantity'),
    maxRepAmount: grosze('max_rep_amount'),
  },
  (t) => [
    index('sales_imports_created_idx').on(t.createdAt, t.id),
    index('sales_imports_running_idx').on(t.status).where(sql`${t.status} in ('queued','checking','applying')`),
    check('sales_imports_held_check', sql`${t.rowsHeld} >= 0 and ${t.amountHeld} >= 0`),
    // The newest applied import: the date of the home's note.
    index('sales_imports_applied_idx').on(t.appliedAt).where(sql`${t.status} = 'applied'`),
    check(
      'sales_imports_status_check',
      sql`${t.status} in ('staging','queued','checking','applying','applied','reverted','failed')`,
    ),
    check('sales_imports_format_check', sql`${t.format} is null or ${t.format} in ('csv','xlsx')`),
    check('sales_imports_amount_check', sql`${t.amount} >= 0`),
    check('sales_imports_amount_corrected_check', sql`${t.amountCorrected} >= 0`),
  ],
);

/**
 * The rows of a file as read, before they are applied: cells as text (the report shows them as
 * they were), and `error` (a message key) for a refused row. After the import is applied only the
 * refused rows stay: they are its downloadable report.
 */
export const salesImportRows = pgTable(
  'sales_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => salesImports.id),
    /** The row's number in the file (the header is row 1). */
    rowNo: integer('row_no').notNull(),
    document: text('document').notNull(),
    line: text('line').notNull(),
    soldOn: text('sold_on').notNull(),
    warehouse: text('warehouse').notNull(),
    rep: text('rep').notNull(),
    product: text('product').notNull(),
    quantity: text('quantity').notNull(),
    error: text('error'),
    /** staged (not checked yet), rejected (error), skipped (already imported), held (held_reason) or ready. */
    state: text('state').notNull().default('staged'),
    heldReason: text('held_reason'),
    /** What the check resolved the cells to, and the reward per unit (grosze). */
    warehouseId: integer('warehouse_id'),
    userId: integer('user_id'),
    productId: integer('product_id'),
    challengeId: integer('challenge_id'),
    reward: grosze('reward'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNo] }),
    index('sales_import_rows_line_idx').on(t.importId, t.document, t.line, t.rowNo),
    index('sales_import_rows_ready_idx').on(t.importId, t.userId, t.rowNo).where(sql`${t.state} = 'ready'`),
    check(
      'sales_import_rows_state_check',
      sql`${t.state} in ('staged','rejected','skipped','held','ready') and (${t.state} = 'rejected') = (${t.error} is not null) and (${t.state} = 'held') = (${t.heldReason} is not null)`,
    ),
  ],
);

/** The plausibility limits of sales imports (one row, id 1; decision 050). */
export const salesImportSettings = pgTable(
  'sales_import_settings',
  {
    id: integer('id').primaryKey().default(1),
    maxRowQuantity: integer('max_row_quantity').notNull().default(1000),
    /** Grosze. */
    maxRepAmount: grosze('max_rep_amount').notNull().default(1_000_000),
    updatedAt: ts('updated_at'),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    check('sales_import_settings_one_row_check', sql`${t.id} = 1`),
    check(
      'sales_import_settings_limits_check',
      sql`${t.maxRowQuantity} between 1 and 1000000 and ${t.maxRepAmount} between 100 and 100000000`,
    ),
  ],
);

/**
 * An accepted sale: one line of a document, paid once. The unique key on (document, line) among
 * sales not reverted makes a second import of the same line a skip. `reward` is the product's
 * reward per unit when the line was imported; `amount` = quantity × reward (grosze).
 */
export const sales = pgTable(
  'sales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => salesImports.id),
    document: text('document').notNull(),
    line: text('line').notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    quantity: integer('quantity').notNull(),
    reward: grosze('reward').notNull(),
    amount: grosze('amount').notNull(),
    revertedAt: ts('reverted_at'),
  },
  (t) => [
    uniqueIndex('sales_document_line_key').on(t.document, t.line).where(sql`${t.revertedAt} is null`),
    index('sales_import_idx').on(t.importId),
    index('sales_challenge_product_idx').on(t.challengeId, t.productId),
    // A period's sales by warehouse (the programme's figures, decision 066).
    index('sales_sold_on_idx').on(t.soldOn, t.warehouseId).where(sql`${t.revertedAt} is null`),
    index('sales_user_product_idx').on(t.userId, t.productId, t.challengeId, t.id).where(sql`${t.revertedAt} is null`),
    // A correction line (a return) carries a negative quantity and amount.
    check('sales_quantity_check', sql`${t.quantity} <> 0`),
    check('sales_amount_check', sql`${t.amount} = ${t.quantity} * ${t.reward} and ${t.reward} > 0`),
  ],
);

/**
 * What each rep earned in each challenge (grosze) and the units behind it: the sum of its sales
 * not reverted, kept in the transaction that posts (or reverses) the ledger entries. It feeds the
 * user's `challenges`, the rep's page and the ranking (challenge, amount desc).
 */
export const challengeEarnings = pgTable(
  'challenge_earnings',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    units: integer('units').notNull().default(0),
    amount: grosze('amount').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.userId] }),
    index('challenge_earnings_rank_idx').on(t.challengeId, t.amount.desc(), t.userId),
    index('challenge_earnings_user_idx').on(t.userId),
    check('challenge_earnings_amount_check', sql`${t.amount} >= 0 and ${t.units} >= 0`),
  ],
);

/**
 * The back office's figures of each challenge over every rep: the sums of its challenge_earnings
 * (reps with money, units, grosze), kept by triggers on challenge_earnings in the statement that
 * changes them (migration 0014, docs/decisions/032). A challenge without earnings has no row.
 */
export const challengeTotals = pgTable(
  'challenge_totals',
  {
    challengeId: integer('challenge_id')
      .primaryKey()
      .references(() => challenges.id),
    repsCount: integer('reps_count').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    amount: grosze('amount').notNull().default(0),
  },
  (t) => [check('challenge_totals_check', sql`${t.repsCount} >= 0 and ${t.units} >= 0 and ${t.amount} >= 0`)],
);

/**
 * One row: a counter moved on by every committed change to the shared rows that GET /api/me shows
 * besides the user's own `users`, `wallets` and `quiz_attempts` rows (quizzes, challenges and the
 * user's earnings in them, warehouses and memberships, cards). Deferred triggers move it at commit
 * (migration 0016); the API reuses a user's last answer while this, the user's rows' versions and
 * the quizzes' next start or end say nothing changed (modules/users/me-cache.ts, docs/decisions/034).
 */
export const meVersion = pgTable(
  'me_version',
  {
    id: integer('id').primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('me_version_one_row', sql`${t.id} = 1`)],
);

/**
 * One row: the programme's organiser and contact details, shown in every page's footer (issue 27
 * point 10, docs/decisions/047). Empty until an admin (or the demo seed) fills it in.
 */
export const programmeSettings = pgTable(
  'programme_settings',
  {
    id: integer('id').primaryKey(),
    organiser: text('organiser').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** A withdrawal is refused while the rep's tax data is missing (issue 30 point 2). */
    withdrawalNeedsTaxData: boolean('withdrawal_needs_tax_data').notNull().default(false),
    updatedAt: ts('updated_at'),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('programme_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The programme's rules, one row per version, never changed once written: a save that changes the
 * rules adds a version, and the newest is in force. Issue 30 records which version a user accepted.
 */
export const programmeRules = pgTable(
  'programme_rules',
  {
    id: serial('id').primaryKey(),
    /** Sanitized HTML (lib/rich-text.ts), rendered as stored. */
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('programme_rules_content_check', sql`length(${t.content}) > 0`)],
);

/**
 * Who accepted which version of the rules, and when (issue 30 point 3, decision 060): one row per
 * person and version, written when a password is set through the e-mailed link (the registration's
 * rules box) and when a rep accepts a new version at sign-in. Never changed or removed: the record
 * of consent outlives a later version.
 */
export const rulesAcceptances = pgTable(
  'rules_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    rulesId: integer('rules_id')
      .notNull()
      .references((): AnyPgColumn => programmeRules.id, { onDelete: 'restrict' }),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.rulesId] }),
    // The admin's list of one version's acceptances.
    index('rules_acceptances_rules_idx').on(t.rulesId, t.userId),
  ],
);

/**
 * Background jobs (docs/decisions/049): a queue in the same database, so a caller enqueues in its
 * own transaction. A worker claims a queued job (`for update skip locked`), holds it with a lease
 * it renews while it runs, and marks it done or failed; a lease that expires (a crashed process)
 * lets any worker take the job back. `attempts` counts the runs started (a stop gives its back).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** What the handler last reported through ctx.progress(p). */
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    /** Not claimed before this time (a retry's back-off). */
    runAfter: ts('run_after').notNull().defaultNow(),
    /** The worker running it (process and random tag) and until when its lease holds. */
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    /** The last failure's message. */
    error: text('error'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The queue of each kind in id order (claims, queue positions, the running job of an exclusive kind).
    index('jobs_active_idx').on(t.kind, t.id).where(sql`${t.status} in ('queued','running')`),
    // Leases to take back.
    index('jobs_lease_idx').on(t.leaseUntil).where(sql`${t.status} = 'running'`),
    check('jobs_status_check', sql`${t.status} in ('queued','running','done','failed')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    check(
      'jobs_lease_check',
      sql`${t.status} <> 'running' or (${t.leaseOwner} is not null and ${t.leaseUntil} is not null)`,
    ),
    check('jobs_kind_check', sql`length(${t.kind}) between 1 and 100`),
  ],
);

/**
 * The activation e-mails of accounts created in bulk (issue 30 point 1, decision 061): a queue the
 * request never waits for. A job sends them at a throttled rate (each send makes a fresh
 * set-password link, auth.service), retries a failure with a growing wait and, after the last
 * attempt, marks it failed for the admin's "send again". One queued e-mail per person at a time.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** Sends tried (failed ones; a successful send ends it). */
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this time (a retry's back-off). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** The last failure, as the mail server put it. */
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('invitations_status_check', sql`${t.status} in ('queued','sent','failed','cancelled')`),
    check('invitations_attempts_check', sql`${t.attempts} >= 0`),
    check('invitations_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    // The sender's next batch: the due ones, oldest first.
    index('invitations_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    // The admin's lists by status, newest first; and the counts of an import's people.
    index('invitations_status_idx').on(t.status, t.createdAt, t.id),
    index('invitations_user_idx').on(t.userId),
    uniqueIndex('invitations_one_queued_key').on(t.userId).where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * A bulk onboarding file (issue 30 point 1, decision 061): read and checked into a preview
 * (onboarding_rows), then applied in one transaction or cancelled. The counts are the preview's.
 */
export const onboardingImports = pgTable(
  'onboarding_imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('previewed'),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    encoding: text('encoding'),
    /** The file's header row as it was, for the refused-rows report. */
    header: jsonb('header').$type<string[]>().notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    toCreate: integer('to_create').notNull().default(0),
    toUpdate: integer('to_update').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    check('onboarding_imports_kind_check', sql`${t.kind} in ('warehouses','people')`),
    check('onboarding_imports_status_check', sql`${t.status} in ('previewed','applied','cancelled')`),
    check('onboarding_imports_format_check', sql`${t.format} in ('csv','xlsx')`),
    check('onboarding_imports_applied_check', sql`(${t.status} = 'applied') = (${t.appliedAt} is not null)`),
    // The history, newest first (each actor sees its own unless it sees everything).
    index('onboarding_imports_created_idx').on(t.createdAt, t.id),
    index('onboarding_imports_author_idx').on(t.createdBy, t.createdAt, t.id),
  ],
);

/**
 * One data row of an onboarding file as the preview planned it: its values (normalised), what
 * applying it does, the record it updates (or, once applied, the one it created), the changes and
 * the refusal reasons (message keys and their values, translated when read).
 */
export const onboardingRows = pgTable(
  'onboarding_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references((): AnyPgColumn => onboardingImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    action: text('action').notNull(),
    /** The warehouse or user it updates or, after applying, created. */
    targetId: integer('target_id'),
    label: text('label').notNull(),
    key: text('key').notNull(),
    role: text('role'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** The row's cells as the file had them (the refused-rows report gives them back). */
    cells: jsonb('cells').$type<string[]>().notNull(),
    changes: jsonb('changes').$type<{ field: string; before: string | null; after: string | null }[]>().notNull(),
    reasons: jsonb('reasons')
      .$type<{ field: string | null; key: string; params?: Record<string, string | number> }[]>()
      .notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNo] }),
    check('onboarding_rows_action_check', sql`${t.action} in ('create','update','unchanged','refused')`),
    // The preview's tabs: one action's rows in file order.
    index('onboarding_rows_action_idx').on(t.importId, t.action, t.rowNo),
  ],
);

/**
 * Every export of a person's data and every anonymisation (issue 30 point 5, decision 063): who did
 * what to whose data, and when. Never changed or removed.
 */
export const personalDataLog = pgTable(
  'personal_data_log',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    actorId: integer('actor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('personal_data_log_action_check', sql`${t.action} in ('export_json','export_html','anonymise')`),
    index('personal_data_log_subject_idx').on(t.subjectId, t.createdAt),
  ],
);

/**
 * The audit trail (issue 31 point 1, decision 064), owned by the audit module. One event per change
 * a person (or a job on a person's behalf) made: who, from where, when, what kind, on which object.
 * Written in the change's own transaction (audit.service.ts `recordChange`); append-only (triggers
 * of migration 0030 refuse UPDATE, DELETE and TRUNCATE).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** Null for the system (a job of its own, a rules change by migration). Users are never deleted. */
    actorId: integer('actor_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    actorRole: text('actor_role'),
    /** The client's address as the server sees it (behind a trusted proxy: X-Forwarded-For). */
    ip: text('ip'),
    requestId: text('request_id'),
    kind: text('kind').notNull(),
    objectType: text('object_type').notNull(),
    objectId: bigint('object_id', { mode: 'number' }),
    /** The warehouses the object belonged to at the time: what a wholesaler's or RKS's scope matches. */
    warehouseIds: integer('warehouse_ids').array(),
    /** What the rows do not say (an import's totals, an adjustment's amount, a refusal's reason). */
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.id),
    index('audit_events_kind_idx').on(t.kind, t.id),
    index('audit_events_warehouses_idx').using('gin', t.warehouseIds),
  ],
);

/**
 * The row changes behind an audit event, written by the `audit_row` trigger on every audited table
 * (migration 0030): the columns before and after (on an update only those that changed), with
 * secrets left out and personal data masked. Append-only like the events.
 */
export const auditChanges = pgTable(
  'audit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    tableName: text('table_name').notNull(),
    /** The row's id, or its key columns joined by ':' (user_warehouses, challenge_products). */
    rowKey: text('row_key'),
    op: text('op').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_changes_event_idx').on(t.eventId, t.id),
    check('audit_changes_op_check', sql`${t.op} in ('insert','update','delete')`),
  ],
);

/**
 * Notices (issue 31 point 2, decision 065), owned by the notices module: the outbox of messages to
 * people, one row per person, kind, channel and event (`dedupe_key`: an event is queued once).
 * Sent by the `notices.send` job, retried after 1, 5, 30 and 120 minutes, then failed.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull().default('email'),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('notices_event_key').on(t.userId, t.kind, t.channel, t.dedupeKey),
    index('notices_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    index('notices_status_idx').on(t.status, t.createdAt, t.id),
    check('notices_status_check', sql`${t.status} in ('queued','sent','failed','skipped')`),
  ],
);

/** A person's notice settings: the language of its mails and the kinds it turned off (all on by default). */
export const noticeSettings = pgTable('notice_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
  lang: text('lang').notNull().default('pl'),
  off: text('off').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * What was announced once for everyone: a quiz's or challenge's start (`quiz:12`), a day's money
 * digest (`digest:2026-11-27`). The scan writes the row and queues the notices in one transaction,
 * so a second process or a second scan queues nothing again.
 */
export const noticeAnnouncements = pgTable('notice_announcements', {
  key: text('key').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The programme's figures of a month, week or day that is over (decision 068): for the whole
 * programme only (no scope), kept the first time a bucket is asked for once it ended six hours ago.
 * The ledger, sign-ins and quiz attempts are written with the time of their transaction and never
 * changed, so an ended bucket's figures do not change either; the dashboard then reads the current
 * bucket from the tables and the year's others from here. Money in grosze.
 */
export const programmeBuckets = pgTable(
  'programme_buckets',
  {
    bucket: text('bucket').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    signins: integer('signins').notNull(),
    signinReps: integer('signin_reps').notNull(),
    attempts: integer('attempts').notNull(),
    quizReps: integer('quiz_reps').notNull(),
    passed: integer('passed').notNull(),
    graded: integer('graded').notNull(),
    quiz: bigint('quiz', { mode: 'number' }).notNull(),
    survey: bigint('survey', { mode: 'number' }).notNull(),
    challenge: bigint('challenge', { mode: 'number' }).notNull(),
    corrections: bigint('corrections', { mode: 'number' }).notNull(),
    withdrawn: bigint('withdrawn', { mode: 'number' }).notNull(),
    computedAt: ts('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.starts] }),
    check('programme_buckets_bucket_check', sql`${t.bucket} in ('month', 'week', 'day')`),
  ],
);
