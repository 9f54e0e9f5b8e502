/*
 * The programme's own facts (issue 27 point 10, decision 047): who organises it, where, how to reach
 * it, and its rules. Anyone may read them (the footer, the rules page, the set-password page link);
 * root and admin write them ('settings.manage'). The rules are kept as versions: each save that
 * changes them adds one, and the newest is the current one (issue 30 builds consent on the versions).
 */
import { z } from 'zod';
import { textSchema } from './common.ts';

export const PROGRAMME_LIMITS = {
  organiser: 200,
  address: 300,
  phone: 100,
  email: 254,
  /** The rules' HTML as sent by the editor, in UTF-8 bytes. */
  rulesBytes: 200_000,
} as const;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

const requiredText = (key: string, max: number) =>
  textSchema(key).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

/** PUT /api/settings: the footer's facts and the rules (HTML from the rich text editor, sanitized on the server). */
export const programmeSettingsBodySchema = z.object({
  organiser: requiredText('settings.organiserRequired', PROGRAMME_LIMITS.organiser),
  address: requiredText('settings.addressRequired', PROGRAMME_LIMITS.address),
  // A phone line is optional (some organisers take e-mail only): absent or empty, none is shown.
  phone: textSchema().trim().max(PROGRAMME_LIMITS.phone, { error: 'validation.tooLong' }).default(''),
  email: textSchema('settings.emailRequired')
    .trim()
    .min(1, { error: 'settings.emailRequired' })
    .max(PROGRAMME_LIMITS.email, { error: 'validation.emailTooLong' })
    .pipe(z.email({ error: 'validation.emailInvalid' })),
  rules: textSchema('settings.rulesRequired')
    .refine((s) => utf8Bytes(s) <= PROGRAMME_LIMITS.rulesBytes, { error: 'settings.rulesTooLong', abort: true })
    .refine((s) => s.trim().length > 0, { error: 'settings.rulesRequired' }),
  /** A withdrawal needs the rep's tax data (issue 30 point 2); absent keeps the rule as it is. */
  withdrawal_needs_tax_data: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type ProgrammeSettingsBody = z.infer<typeof programmeSettingsBodySchema>;

/** One version of the rules: its number (a rules version's id) and when it took effect. */
export const programmeRulesSchema = z.object({
  version: z.number().int(),
  html: z.string(),
  published_at: z.string(),
});
export type ProgrammeRules = z.infer<typeof programmeRulesSchema>;

/** GET /api/settings (public): the footer's facts and the current rules (null until an admin has saved some). */
export const programmeSettingsSchema = z.object({
  organiser: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  rules: programmeRulesSchema.nullable(),
  /** A withdrawal is refused while the rep's tax data is missing (issue 30 point 2). */
  withdrawal_needs_tax_data: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ProgrammeSettings = z.infer<typeof programmeSettingsSchema>;

export const programmeSettingsSavedSchema = z.object({ message: z.string(), settings: programmeSettingsSchema });
export type ProgrammeSettingsSaved = z.infer<typeof programmeSettingsSavedSchema>;
