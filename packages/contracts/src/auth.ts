import { z } from 'zod';
import { LIMITS, moneySchema, textSchema } from './common.ts';
import { rulesToAcceptSchema } from './consent.ts';
import { roleSchema } from './roles.ts';

/*
 * Message strings here are i18n keys (see apps/web/src/locales and apps/api/src/i18n):
 * the web form and the API each translate them into the user's language.
 */

export const emailSchema = textSchema('validation.emailRequired')
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(LIMITS.email, { error: 'validation.emailTooLong' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const loginBodySchema = z.object({
  email: emailSchema,
  password: textSchema('validation.passwordRequired')
    .min(1, { error: 'validation.passwordRequired' })
    .max(LIMITS.password.max, { error: 'validation.passwordTooLong' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ token: z.string(), token_type: z.literal('Bearer') });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Password rules for a new password: length only (NIST 800-63B), checked on both sides. */
export const newPasswordSchema = textSchema('register.passwordRequired')
  .min(1, { error: 'register.passwordRequired' })
  .min(LIMITS.password.min, { error: 'register.passwordTooShort' })
  .max(LIMITS.password.max, { error: 'validation.passwordTooLong' });

/** The register form; `token` and `email` come from the link's query string. */
export const setPasswordBodySchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: textSchema('register.passwordConfirmationRequired')
      .min(1, { error: 'register.passwordConfirmationRequired' })
      .max(LIMITS.password.max, { error: 'validation.passwordTooLong' }),
    token: textSchema('register.tokenInvalid')
      .min(1, { error: 'register.tokenInvalid' })
      .max(LIMITS.token, { error: 'register.tokenInvalid' }),
    email: emailSchema,
    rules: z.literal(true, { error: 'register.rulesRequired' }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    error: 'register.passwordsDiffer',
    path: ['password_confirmation'],
    // Compare whenever both passwords are strings, even if another field (the rules box) failed,
    // so the form shows every message at once instead of revealing the mismatch on a second submit.
    when: ({ value }) => {
      const v = value as { password?: unknown; password_confirmation?: unknown } | null;
      return typeof v?.password === 'string' && typeof v.password_confirmation === 'string';
    },
  });
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

export const resendSetPasswordBodySchema = z.object({ email: emailSchema });
export type ResendSetPasswordBody = z.infer<typeof resendSetPasswordBodySchema>;

/** POST /api/forgot-password: the owner asks for a set-password link to the account's address. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const cardSchema = z.object({ number: z.string(), updated_at: z.string() });

export const userChallengeAmountSchema = z.object({
  name: z.string(),
  amount: moneySchema,
  /** The challenge's id (its ranking links from the rep tables); optional: older answers lack it. */
  id: z.number().int().optional(),
});

export const userWarehouseSchema = z.object({ id: z.number().int(), name: z.string() });

/** The User entity of SPEC.md section 3, as GET /api/me and GET /api/users/{id} return it. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  asseco_id: z.string().nullable(),
  card: cardSchema.nullable(),
  /** updated_at: when the balances last changed (the home's 'figures updated' note); null before any money. */
  wallet: z.object({
    money: moneySchema,
    in_withdrawal: moneySchema,
    /** Owed after a sales correction the wallet did not cover; later earnings settle it (decision 044). */
    owed: moneySchema,
    updated_at: z.string().nullable(),
  }),
  money_earned: moneySchema,
  money_withdrawed: moneySchema,
  withdraw_amount: moneySchema,
  total_amount: moneySchema,
  amount_from_quiz: moneySchema,
  money_to_get: moneySchema,
  last_login_at: z.string().nullable(),
  login_counter_weekly: z.number().int(),
  challenges: z.array(userChallengeAmountSchema),
  wholesaler_ids: z.array(z.number().int()),
  warehouses: z.array(userWarehouseSchema),
  /**
   * GET /api/me: a rep whose tax data (PESEL, tax office, address) is not all filled in, so the home
   * shows a reminder (issue 30 point 2); false for every other role, absent in lists.
   */
  tax_data_missing: z.boolean().optional(),
  /**
   * GET /api/me: the rules version a rep has still to accept before anything else (issue 30 point 3);
   * null when there is none, for every other role, and absent in lists.
   */
  rules_to_accept: rulesToAcceptSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
