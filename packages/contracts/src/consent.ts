/*
 * Consent to the programme's rules (issue 30 point 3, decision 060). The rules are kept as versions
 * (settings.ts); a person accepts one version at a time: on registration (the set-password page's
 * rules box) and, for a rep, each new version at its next sign-in, before anything else. Root and
 * admin see who accepted which version and export it.
 */
import { z } from 'zod';
import { pagedQuerySchema } from './paging.ts';

/** GET /api/me of a rep: the version it has still to accept (the newest), or null. */
export const rulesToAcceptSchema = z.object({ version: z.number().int(), published_at: z.string() });
export type RulesToAccept = z.infer<typeof rulesToAcceptSchema>;

/** POST /api/rules/accept: the version the person read (a newer one since is refused: 409). */
export const rulesAcceptBodySchema = z.object({
  version: z.number({ error: 'validation.idInvalid' }).int({ error: 'validation.idInvalid' }).min(1).max(2_147_483_647),
});
export type RulesAcceptBody = z.infer<typeof rulesAcceptBodySchema>;

/** GET /api/rules/versions: every version, newest first, with how many of the active reps accepted it. */
export const rulesVersionSchema = z.object({
  version: z.number().int(),
  published_at: z.string(),
  accepted: z.number().int(),
  reps: z.number().int(),
  current: z.boolean(),
});
export type RulesVersion = z.infer<typeof rulesVersionSchema>;

export const RULES_ACCEPTANCE_STATUSES = ['all', 'accepted', 'pending'] as const;

/** GET /api/rules/acceptances: the active reps and whether (and when) they accepted one version. */
export const rulesAcceptanceQuerySchema = pagedQuerySchema(['name', 'accepted_at'] as const, 'name').extend({
  version: z.coerce
    .number({ error: 'validation.idInvalid' })
    .int({ error: 'validation.idInvalid' })
    .min(1)
    .max(2_147_483_647),
  status: z.enum(RULES_ACCEPTANCE_STATUSES, { error: 'validation.invalid' }).default('all'),
});
export type RulesAcceptanceQuery = z.infer<typeof rulesAcceptanceQuerySchema>;

/** GET /api/rules/acceptances/export.csv: the same rows, every one. */
export const rulesAcceptanceExportQuerySchema = rulesAcceptanceQuerySchema.omit({ page: true, per_page: true });
export type RulesAcceptanceExportQuery = z.infer<typeof rulesAcceptanceExportQuerySchema>;

export const rulesAcceptanceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string().nullable(),
  email: z.string(),
  accepted_at: z.string().nullable(),
});
export type RulesAcceptanceRow = z.infer<typeof rulesAcceptanceRowSchema>;
