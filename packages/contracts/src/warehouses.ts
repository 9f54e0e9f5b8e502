import { z } from 'zod';
import { moneySchema, textSchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';
import { USER_SORT_FIELDS } from './users.ts';

export const WAREHOUSE_SORT_FIELDS = [
  'id',
  'asseco_id',
  'name',
  'address',
  'admins_count',
  'users_count',
  'actives_count',
  'amount',
] as const;

export const warehouseListQuerySchema = pagedQuerySchema(WAREHOUSE_SORT_FIELDS, 'id');
export type WarehouseListQuery = z.infer<typeof warehouseListQuerySchema>;

/** A warehouse row: users_count are its sales reps, actives_count those who ever signed in, amount what they earned. */
export const warehouseSchema = z.object({
  id: z.number().int(),
  asseco_id: z.string(),
  name: z.string(),
  address: z.string(),
  nip: z.string().nullable(),
  email: z.string().nullable(),
  admins_count: z.number().int(),
  users_count: z.number().int(),
  actives_count: z.number().int(),
  amount: moneySchema,
  admins_ids: z.array(z.number().int()),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

const text = (key: string, max: number) =>
  textSchema(key).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

/** POST /api/warehouses and PUT /api/warehouses/{id}. */
export const warehouseUpsertBodySchema = z.object({
  assecoId: text('validation.assecoIdRequired', 50),
  name: text('validation.warehouseNameRequired', 200),
  address: text('validation.addressRequired', 300),
  // Optional: empty (or left out) is null.
  nip: textSchema('validation.nipInvalid')
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(
      z
        .string()
        .regex(/^\d{10}$/, { error: 'validation.nipInvalid' })
        .nullable(),
    ),
  email: textSchema('validation.emailInvalid')
    .trim()
    .max(254, { error: 'validation.emailTooLong' })
    .nullish()
    .transform((v) => v || null)
    .pipe(z.email({ error: 'validation.emailInvalid' }).nullable()),
  admins_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(100).default([]),
});
export type WarehouseUpsertBody = z.input<typeof warehouseUpsertBodySchema>;

export const warehouseUsersQuerySchema = z.object({
  role: z.enum(['seller', 'wholesaler'], { error: 'validation.roleInvalid' }).default('seller'),
});

/** GET /api/warehouses/{id}/users: the sales rep table (role=seller) or the admins tab (role=wholesaler) of one warehouse. */
export const warehouseUserListQuerySchema = pagedQuerySchema(USER_SORT_FIELDS, 'id').extend(
  warehouseUsersQuerySchema.shape,
);
export type WarehouseUserListQuery = z.infer<typeof warehouseUserListQuerySchema>;

/** GET /api/warehouses/export.csv: the list's search and sort, every row. */
export const warehouseExportQuerySchema = warehouseListQuerySchema.omit({ page: true, per_page: true });

/** Answer of POST /api/warehouses and PUT /api/warehouses/{id}. */
export const warehouseSavedSchema = z.object({ id: z.number().int(), message: z.string() });
