/*
 * A rep's own profile (issue 30 point 2): the phone, address and tax data the organiser needs to
 * report the rep's rewards to the tax office each year (PIT-11: PESEL, address, tax office). The
 * rep keeps them (GET and PUT /api/profile); the back office reads them on the rep details, masked
 * for the roles that do not report taxes (decision 059).
 */
import { z } from 'zod';
import { textSchema } from './common.ts';
import { isTaxOfficeCode } from './tax-offices.ts';

export const PROFILE_LIMITS = { phone: 30, street: 200, city: 100 } as const;

/** The PESEL's digits weights; the 11th digit is (10 − Σ weight·digit mod 10) mod 10. */
const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3] as const;

/**
 * True for a PESEL whose check digit is right and whose first six digits are a real date of birth
 * (the month carries the century: +80 for the 1800s, +0, +20, +40, +60 for the 1900s to 2100s).
 */
export function isValidPesel(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = PESEL_WEIGHTS.reduce((acc, w, i) => acc + w * (d[i] as number), 0);
  if ((10 - (sum % 10)) % 10 !== d[10]) return false;
  const yy = (d[0] as number) * 10 + (d[1] as number);
  const mm = (d[2] as number) * 10 + (d[3] as number);
  const dd = (d[4] as number) * 10 + (d[5] as number);
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(mm / 20)];
  const month = mm % 20;
  if (century === undefined || month < 1 || month > 12) return false;
  const date = new Date(Date.UTC(century + yy, month - 1, dd));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === dd;
}

/** A Polish postcode: NN-NNN. */
export const POSTCODE_PATTERN = /^\d{2}-\d{3}$/;
/** A phone number as people write it: digits, spaces, dashes, brackets, an optional leading +. */
const PHONE_PATTERN = /^\+?[\d\s()-]{6,}$/;

/** Empty or missing is null; otherwise trimmed and checked. */
const optional = (max: number, refine?: { test: (v: string) => boolean; key: string }) =>
  textSchema()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || !refine || refine.test(v), { error: refine?.key ?? 'errors.validation' });

/** PUT /api/profile: every field may be left empty; what is given must be valid. */
export const repProfileBodySchema = z.object({
  phone: optional(PROFILE_LIMITS.phone, { test: (v) => PHONE_PATTERN.test(v), key: 'taxData.phoneInvalid' }),
  pesel: optional(11, { test: isValidPesel, key: 'taxData.peselInvalid' }),
  tax_office_code: optional(4, { test: isTaxOfficeCode, key: 'taxData.taxOfficeInvalid' }),
  street: optional(PROFILE_LIMITS.street),
  postcode: optional(6, { test: (v) => POSTCODE_PATTERN.test(v), key: 'taxData.postcodeInvalid' }),
  city: optional(PROFILE_LIMITS.city),
});
export type RepProfileBody = z.input<typeof repProfileBodySchema>;
export type RepProfileValues = z.output<typeof repProfileBodySchema>;

/** GET /api/profile and the answer of PUT /api/profile: the rep's own data in full. */
export const repProfileSchema = z.object({
  phone: z.string().nullable(),
  pesel: z.string().nullable(),
  tax_office_code: z.string().nullable(),
  tax_office_name: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  /** PESEL, tax office, street, postcode and town are all filled in (what the year-end report needs). */
  tax_data_complete: z.boolean(),
  updated_at: z.string().nullable(),
});
export type RepProfile = z.infer<typeof repProfileSchema>;

export const repProfileSavedSchema = z.object({ message: z.string(), profile: repProfileSchema });

/**
 * A rep's tax data on the back office's rep details. Root and admin (who pay out and report) read it
 * in full; the other back-office roles get the PESEL's last four digits, no street and no postcode
 * (`masked`), which is enough to tell a rep whose data is there from one whose is not.
 */
export const repTaxDataSchema = z.object({
  pesel: z.string().nullable(),
  tax_office_code: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  complete: z.boolean(),
  masked: z.boolean(),
});
export type RepTaxData = z.infer<typeof repTaxDataSchema>;

/** The mask before a PESEL's last four digits on a masked view. */
export const PESEL_MASK = '•••••••';
