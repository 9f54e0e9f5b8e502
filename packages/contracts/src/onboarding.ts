/*
 * Bulk onboarding (issue 30 point 1, decision 061): an admin, a regional manager or a warehouse
 * admin uploads a CSV or XLSX of warehouses or of people (sales reps, regional managers, warehouse
 * admins). The server reads and checks every row against the database and keeps a preview; nothing
 * is written until the preview is applied, in one transaction. New accounts get their activation
 * e-mail through a throttled, retried queue (invitations).
 */
import { z } from 'zod';
import { SALES_IMPORT_ENCODINGS } from './challenge-limits.ts';
import { pagedQuerySchema } from './paging.ts';
import type { Role } from './role-list.ts';

export const ONBOARDING_LIMITS = {
  /** Data rows in one file. */
  rows: 10_000,
  /** Upload size. */
  fileBytes: 10 * 1024 * 1024,
  /** Characters of one CSV record. */
  recordChars: 10_000,
  /** Warehouses named on one person's row. */
  warehousesPerRow: 100,
} as const;

export const ONBOARDING_KINDS = ['warehouses', 'people'] as const;
export type OnboardingKind = (typeof ONBOARDING_KINDS)[number];

/**
 * The columns of each kind of file, each with the headers it may have (compared without case,
 * Polish letters, spaces and punctuation). The first header names the column in messages and in
 * the template.
 */
export const WAREHOUSE_IMPORT_COLUMNS = {
  asseco_id: ['Asseco ID', 'Asseco', 'Kod hurtowni', 'ID hurtowni', 'asseco_id'],
  name: ['Nazwa', 'Nazwa hurtowni', 'Hurtownia', 'Name'],
  address: ['Adres', 'Adres hurtowni', 'Address'],
} as const;
export const WAREHOUSE_IMPORT_OPTIONAL_COLUMNS = {
  nip: ['NIP', 'Tax ID'],
  email: ['E-mail', 'Email', 'Adres e-mail', 'Mail'],
} as const;

export const PEOPLE_IMPORT_COLUMNS = {
  role: ['Rola', 'Typ konta', 'Role'],
  name: ['Imię', 'Imie', 'Name', 'First name'],
  surname: ['Nazwisko', 'Surname', 'Last name'],
  email: ['E-mail', 'Email', 'Adres e-mail', 'Mail'],
  warehouses: ['Hurtownie', 'Hurtownia', 'Asseco ID hurtowni', 'Kod hurtowni', 'Warehouses', 'Warehouse'],
} as const;
export const PEOPLE_IMPORT_OPTIONAL_COLUMNS = {
  asseco_id: ['Asseco ID', 'Asseco', 'Kod PH', 'ID Asseco', 'asseco_id'],
  phone: ['Telefon', 'Nr telefonu', 'Tel', 'Phone'],
  pesel: ['PESEL'],
  tax_office: ['Urząd skarbowy', 'Kod urzędu skarbowego', 'US', 'Tax office'],
  street: ['Ulica i numer', 'Ulica', 'Adres', 'Street'],
  postcode: ['Kod pocztowy', 'Postcode', 'Zip'],
  city: ['Miejscowość', 'Miasto', 'City'],
} as const;

export type WarehouseImportColumn =
  | keyof typeof WAREHOUSE_IMPORT_COLUMNS
  | keyof typeof WAREHOUSE_IMPORT_OPTIONAL_COLUMNS;
export type PeopleImportColumn = keyof typeof PEOPLE_IMPORT_COLUMNS | keyof typeof PEOPLE_IMPORT_OPTIONAL_COLUMNS;

/** The roles a people file may hold, with the words a file may use for each (compared like headers). */
export const PEOPLE_IMPORT_ROLES = {
  seller: ['PH', 'Przedstawiciel handlowy', 'Przedstawiciel', 'seller', 'Sales rep'],
  seller_reg: ['RKS', 'Regionalny kierownik sprzedaży', 'Kierownik regionalny', 'seller_reg', 'Regional manager'],
  wholesaler: ['Admin hurtowni', 'Administrator hurtowni', 'Hurtownik', 'wholesaler', 'Warehouse admin'],
} as const satisfies Partial<Record<Role, readonly string[]>>;
export type PeopleImportRole = keyof typeof PEOPLE_IMPORT_ROLES;

/** What applying a row does; `refused` rows are never written. */
export const ONBOARDING_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
export type OnboardingAction = (typeof ONBOARDING_ACTIONS)[number];

export const ONBOARDING_STATUSES = ['previewed', 'applied', 'cancelled'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** POST /api/onboarding/imports: the form fields before the file part. */
export const onboardingUploadFieldsSchema = z.object({
  kind: z.enum(ONBOARDING_KINDS, { error: 'onboarding.kindInvalid' }),
  encoding: z.enum(SALES_IMPORT_ENCODINGS, { error: 'sales.encodingInvalid' }).default('auto'),
});

const who = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** An onboarding import: its file, what its preview found, and whether it was applied. */
export const onboardingImportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ONBOARDING_KINDS),
  status: z.enum(ONBOARDING_STATUSES),
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.enum(['utf-8', 'windows-1250']).nullable(),
  rows_total: z.number().int(),
  to_create: z.number().int(),
  to_update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  created_by: who,
  created_at: z.string(),
  applied_at: z.string().nullable(),
  /** The activation e-mails of the accounts it created (people, once applied). */
  invitations: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }).nullable(),
  message: z.string().optional(),
});
export type OnboardingImport = z.infer<typeof onboardingImportSchema>;

export const onboardingImportListQuerySchema = pagedQuerySchema(['created_at'] as const, 'created_at').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});

/** One field an update changes. */
export const onboardingChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
/** Why a row is refused: the column (its header in the file) and the message. */
export const onboardingReasonSchema = z.object({ field: z.string().nullable(), message: z.string() });

/** A row of the preview. */
export const onboardingRowSchema = z.object({
  row_no: z.number().int(),
  action: z.enum(ONBOARDING_ACTIONS),
  /** The warehouse's name, or the person's name and surname. */
  label: z.string(),
  /** The warehouse's asseco id, or the person's e-mail. */
  key: z.string(),
  /** The person's role (null for a warehouse). */
  role: z.string().nullable(),
  changes: z.array(onboardingChangeSchema),
  reasons: z.array(onboardingReasonSchema),
});
export type OnboardingRow = z.infer<typeof onboardingRowSchema>;

export const onboardingRowsQuerySchema = pagedQuerySchema(['row_no'] as const, 'row_no').extend({
  action: z.enum(ONBOARDING_ACTIONS, { error: 'onboarding.actionInvalid' }).optional(),
});

/** GET /api/onboarding/template?kind=people&format=xlsx */
export const onboardingTemplateQuerySchema = z.object({
  kind: z.enum(ONBOARDING_KINDS, { error: 'onboarding.kindInvalid' }),
  format: z.enum(['csv', 'xlsx'], { error: 'onboarding.formatInvalid' }).default('xlsx'),
});

/* The activation e-mails' queue. */
export const INVITATION_STATUSES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  status: z.enum(INVITATION_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListQuerySchema = pagedQuerySchema(['created_at'] as const, 'created_at').extend({
  status: z.enum(INVITATION_STATUSES, { error: 'onboarding.statusInvalid' }).default('failed'),
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});

export const invitationCountsSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type InvitationCounts = z.infer<typeof invitationCountsSchema>;

export const invitationsResentSchema = z.object({ count: z.number().int(), message: z.string() });
