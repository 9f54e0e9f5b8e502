import {
  isStorableText,
  isValidPesel,
  LIMITS,
  type MessageKey,
  ONBOARDING_LIMITS,
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_OPTIONAL_COLUMNS,
  PEOPLE_IMPORT_ROLES,
  type PeopleImportColumn,
  type PeopleImportRole,
  POSTCODE_PATTERN,
  PROFILE_LIMITS,
  WAREHOUSE_IMPORT_COLUMNS,
  WAREHOUSE_IMPORT_OPTIONAL_COLUMNS,
  type WarehouseImportColumn,
} from '@incentive/contracts';
import { isTaxOfficeCode, TAX_OFFICES } from '@incentive/contracts/tax-offices';
import { z } from 'zod';
import { columnMatcher, normalizeHeader } from '../../lib/table-headers.ts';

/*
 * One data row of an onboarding file, read on its own (no database): its cells trimmed and checked,
 * into the values the plan compares with the programme's records. Every problem becomes a reason
 * naming the column by its header, so the preview and the refused-rows report say which field.
 */

export interface Reason {
  /** The column's name (its first header), or null for the row as a whole. */
  field: string | null;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface WarehouseValues {
  asseco_id: string;
  name: string;
  address: string;
  nip: string | null;
  email: string | null;
}

export interface PersonValues {
  role: PeopleImportRole | null;
  name: string;
  surname: string | null;
  email: string;
  asseco_id: string | null;
  phone: string | null;
  /** Asseco ids of the warehouses, as the file lists them. */
  warehouses: string[];
  pesel: string | null;
  tax_office_code: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
}

export interface ReadRow<V> {
  values: V;
  reasons: Reason[];
}

export const matchWarehouseColumns = columnMatcher(WAREHOUSE_IMPORT_COLUMNS, WAREHOUSE_IMPORT_OPTIONAL_COLUMNS);
export const matchPeopleColumns = columnMatcher(PEOPLE_IMPORT_COLUMNS, PEOPLE_IMPORT_OPTIONAL_COLUMNS);

/** Column → its index in the row (optional columns absent from the file are left out). */
export type ColumnAt<C extends string> = Partial<Record<C, number>>;

const COLUMN_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries({
    ...WAREHOUSE_IMPORT_COLUMNS,
    ...WAREHOUSE_IMPORT_OPTIONAL_COLUMNS,
  }).map(([c, names]) => [`w.${c}`, names[0] as string]),
);
for (const [c, names] of Object.entries({ ...PEOPLE_IMPORT_COLUMNS, ...PEOPLE_IMPORT_OPTIONAL_COLUMNS })) {
  COLUMN_NAMES[`p.${c}`] = names[0] as string;
}
export const warehouseColumnName = (c: WarehouseImportColumn) => COLUMN_NAMES[`w.${c}`] as string;
export const personColumnName = (c: PeopleImportColumn) => COLUMN_NAMES[`p.${c}`] as string;

const ROLE_WORDS = new Map<string, PeopleImportRole>();
for (const [role, words] of Object.entries(PEOPLE_IMPORT_ROLES) as [PeopleImportRole, readonly string[]][]) {
  for (const w of words) ROLE_WORDS.set(normalizeHeader(w), role);
}
/** PH, RKS, Admin hurtowni (and the other words PEOPLE_IMPORT_ROLES lists), without case or marks. */
export const roleOfWord = (word: string): PeopleImportRole | undefined => ROLE_WORDS.get(normalizeHeader(word));

const OFFICE_BY_NAME = new Map<string, string>(TAX_OFFICES.map(([code, name]) => [normalizeHeader(name), code]));
/** A tax office by its 4-digit code or its full name ('Urząd Skarbowy w Zgierzu'). */
export function taxOfficeOf(cell: string): string | undefined {
  if (/^\d{4}$/.test(cell)) return isTaxOfficeCode(cell) ? cell : undefined;
  return OFFICE_BY_NAME.get(normalizeHeader(cell));
}

const isEmail = (v: string) => z.email().safeParse(v).success;
const PHONE_PATTERN = /^\+?[\d\s()-]{6,}$/;

/** Reads cells by column; each read trims, refuses text PostgreSQL cannot store, and checks the length. */
function reader<C extends string>(cells: readonly string[], at: ColumnAt<C>, nameOf: (c: C) => string) {
  const reasons: Reason[] = [];
  const text = (c: C, max: number, required = false): string | null => {
    const i = at[c];
    const raw = i === undefined ? '' : (cells[i] ?? '');
    // Our own CSV reports put an apostrophe before text a spreadsheet would run ('+48 600…): read it back without.
    const v = raw.trim().replace(/^'(?=[=+\-@])/, '');
    if (!isStorableText(v)) {
      reasons.push({ field: nameOf(c), key: 'validation.textInvalid' });
      return null;
    }
    if (v === '') {
      if (required) reasons.push({ field: nameOf(c), key: 'onboarding.row.required', params: { column: nameOf(c) } });
      return null;
    }
    if (v.length > max) {
      reasons.push({ field: nameOf(c), key: 'onboarding.row.tooLong', params: { column: nameOf(c), count: max } });
      return null;
    }
    return v;
  };
  return { reasons, text };
}

export function readWarehouseRow(
  cells: readonly string[],
  at: ColumnAt<WarehouseImportColumn>,
): ReadRow<WarehouseValues> {
  const { reasons, text } = reader(cells, at, warehouseColumnName);
  const asseco = text('asseco_id', 50, true);
  const name = text('name', 200, true);
  const address = text('address', 300, true);
  let nip = text('nip', 20);
  if (nip !== null) {
    const digits = nip.replace(/[\s-]/g, '');
    if (/^\d{10}$/.test(digits)) nip = digits;
    else {
      reasons.push({ field: warehouseColumnName('nip'), key: 'onboarding.row.nipInvalid' });
      nip = null;
    }
  }
  let email = text('email', LIMITS.email);
  if (email !== null && !isEmail(email)) {
    reasons.push({ field: warehouseColumnName('email'), key: 'onboarding.row.emailInvalid' });
    email = null;
  }
  return { values: { asseco_id: asseco ?? '', name: name ?? '', address: address ?? '', nip, email }, reasons };
}

export function readPersonRow(cells: readonly string[], at: ColumnAt<PeopleImportColumn>): ReadRow<PersonValues> {
  const { reasons, text } = reader(cells, at, personColumnName);
  const roleCell = text('role', 100, true);
  let role: PeopleImportRole | null = null;
  if (roleCell !== null) {
    role = roleOfWord(roleCell) ?? null;
    if (!role) {
      reasons.push({ field: personColumnName('role'), key: 'onboarding.row.roleUnknown', params: { value: roleCell } });
    }
  }
  const rep = role === 'seller' || role === 'seller_reg';
  const name = text('name', LIMITS.name, true);
  const surname = text('surname', LIMITS.name, rep);
  let email = text('email', LIMITS.email, true);
  if (email !== null && !isEmail(email)) {
    reasons.push({ field: personColumnName('email'), key: 'onboarding.row.emailInvalid' });
    email = null;
  }
  const asseco = text('asseco_id', 50, role === 'seller');
  let phone = text('phone', PROFILE_LIMITS.phone);
  if (phone !== null && !PHONE_PATTERN.test(phone)) {
    reasons.push({ field: personColumnName('phone'), key: 'taxData.phoneInvalid' });
    phone = null;
  }
  const list = text('warehouses', 5000) ?? '';
  const warehouses = [
    ...new Set(
      list
        .split(/[,;|\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  // None at all is refused by the plan for a new person only: for someone in the programme it keeps theirs.
  if (role === 'seller' && warehouses.length > 1) {
    reasons.push({ field: personColumnName('warehouses'), key: 'onboarding.row.oneWarehouse' });
  } else if (warehouses.length > ONBOARDING_LIMITS.warehousesPerRow) {
    reasons.push({
      field: personColumnName('warehouses'),
      key: 'onboarding.row.tooManyWarehouses',
      params: { count: ONBOARDING_LIMITS.warehousesPerRow },
    });
  }

  // Tax data: optional, and only a sales rep's (its profile, decision 059).
  let pesel = text('pesel', 11 + 10);
  if (pesel !== null) {
    pesel = pesel.replace(/\s/g, '');
    if (!isValidPesel(pesel)) {
      reasons.push({ field: personColumnName('pesel'), key: 'taxData.peselInvalid' });
      pesel = null;
    }
  }
  const officeCell = text('tax_office', 200);
  let taxOffice: string | null = null;
  if (officeCell !== null) {
    taxOffice = taxOfficeOf(officeCell) ?? null;
    if (!taxOffice) reasons.push({ field: personColumnName('tax_office'), key: 'taxData.taxOfficeInvalid' });
  }
  const street = text('street', PROFILE_LIMITS.street);
  let postcode = text('postcode', 10);
  if (postcode !== null && !POSTCODE_PATTERN.test(postcode)) {
    reasons.push({ field: personColumnName('postcode'), key: 'taxData.postcodeInvalid' });
    postcode = null;
  }
  const city = text('city', PROFILE_LIMITS.city);
  const givesTaxData = [pesel, officeCell, street, postcode, city].some((v) => v !== null);
  if (givesTaxData && role !== null && role !== 'seller') {
    reasons.push({ field: null, key: 'onboarding.row.taxOnlyReps' });
  }
  return {
    values: {
      role,
      name: name ?? '',
      surname,
      email: email ?? '',
      asseco_id: asseco,
      phone,
      warehouses,
      pesel,
      tax_office_code: taxOffice,
      street,
      postcode,
      city,
    },
    reasons,
  };
}
