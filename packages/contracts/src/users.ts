import { z } from 'zod';
import { emailSchema, userSchema } from './auth.ts';
import { LIMITS, textSchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';
import { repTaxDataSchema } from './profile.ts';
import { roleSchema } from './roles.ts';

const requiredText = (key: string, max: number = LIMITS.name) =>
  textSchema(key).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

const optionalText = (max: number = LIMITS.name) =>
  textSchema()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

const warehouseIdsSchema = z
  .array(z.number({ error: 'validation.idInvalid' }).int().min(1).max(2_147_483_647), { error: 'validation.idInvalid' })
  .max(1000, { error: 'validation.tooLong' });

/** Roles a list may be filtered by. */
export const userListRoleSchema = z.enum(['seller', 'seller_reg', 'wholesaler', 'admin', 'provider_admin'], {
  error: 'validation.roleInvalid',
});

export const USER_SORT_FIELDS = [
  'id',
  'asseco_id',
  'name',
  'surname',
  'email',
  'card',
  'active',
  'complete_profile',
  'last_login_at',
  'login_counter_weekly',
  'total_amount',
  'amount_from_quiz',
  'in_withdrawal',
  'withdraw_amount',
] as const;
export const userSortSchema = z.enum(USER_SORT_FIELDS);
export type UserSort = z.infer<typeof userSortSchema>;

/** GET /api/users and GET /api/warehouses/{id}/users. */
export const userListQuerySchema = pagedQuerySchema(USER_SORT_FIELDS, 'id').extend({
  role: userListRoleSchema.default('seller'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** A row of the sales rep table: the User entity (list responses carry masked card numbers). */
export const userListItemSchema = userSchema.extend({
  is_active: z.boolean(),
  complete_profile: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /api/users/{id}: the User plus what the edit forms need. */
export const userDetailsSchema = userListItemSchema.extend({
  phone: z.string().nullable(),
  activated: z.boolean(),
  created_at: z.string(),
  /** A rep's tax data (null for other roles), in full or masked by the viewer's role (profile.ts). */
  tax_data: repTaxDataSchema.nullable(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/**
 * POST /api/users and PUT /api/auth/profile/{id}. Two forms share it:
 * - the sales rep form: name, surname, assecoId, email, warehouse_ids, isSalesReg, role (seller or seller_reg);
 * - the admin form: name (login), email, warehouse_ids, role (admin, provider_admin, or wholesaler = warehouse admin).
 * Which fields are required depends on the role (SPEC.md section 5); the server checks scope whatever the body says.
 */
export const userUpsertBodySchema = z
  .object({
    name: requiredText('validation.nameRequired'),
    surname: optionalText(),
    assecoId: optionalText(50),
    email: emailSchema,
    phone: optionalText(30),
    warehouse_ids: warehouseIdsSchema.default([]),
    isSalesReg: z.boolean().optional(),
    role: roleSchema.exclude(['root'], { error: 'validation.roleInvalid' }),
  })
  .superRefine((b, ctx) => {
    const rep = b.role === 'seller' || b.role === 'seller_reg';
    if (rep && !b.surname) ctx.addIssue({ code: 'custom', path: ['surname'], message: 'validation.surnameRequired' });
    if (b.role === 'seller' && !b.assecoId) {
      ctx.addIssue({ code: 'custom', path: ['assecoId'], message: 'validation.assecoIdRequired' });
    }
    if ((b.role === 'seller_reg' || b.role === 'wholesaler') && b.warehouse_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['warehouse_ids'], message: 'validation.warehouseRequired' });
    }
    if (b.role === 'seller' && b.warehouse_ids.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['warehouse_ids'], message: 'validation.oneWarehouseRequired' });
    }
    if (b.role === 'admin' || b.role === 'provider_admin') {
      if (b.warehouse_ids.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['warehouse_ids'], message: 'validation.noWarehouseForAdmin' });
      }
    }
  });
export type UserUpsertBody = z.input<typeof userUpsertBodySchema>;

export const userCreatedSchema = z.object({ id: z.number().int(), message: z.string() });
/** Answer of PUT /api/auth/profile/{id}. */
export const userSavedSchema = userCreatedSchema;

/** GET /api/users/export.csv: the list's role, search and sort, every row. */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, per_page: true });
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;

/** GET /api/users/{id}/logins */
export const loginListQuerySchema = pagedQuerySchema(['id', 'created_at'] as const, 'created_at').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});
export const loginRecordSchema = z.object({ id: z.number().int(), created_at: z.string() });
export type LoginRecord = z.infer<typeof loginRecordSchema>;

/** True when name, surname, e-mail and asseco id are all present (a display rule, SPEC.md section 3). */
export function isProfileComplete(u: {
  name: string | null;
  surname: string | null;
  email: string | null;
  asseco_id: string | null;
}): boolean {
  return [u.name, u.surname, u.email, u.asseco_id].every((v) => typeof v === 'string' && v.trim() !== '');
}
