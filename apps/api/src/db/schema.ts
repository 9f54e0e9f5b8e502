import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  (t) => [uniqueIndex('warehouses_asseco_id_key').on(t.assecoId).where(sql`${t.deletedAt} is null`)],
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
