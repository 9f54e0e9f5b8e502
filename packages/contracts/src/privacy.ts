/*
 * Personal data on request (issue 30 point 5, decision 063): an admin exports everything the
 * product holds about a person (JSON, or a readable HTML page) and anonymises a deactivated one.
 */
import { z } from 'zod';
import { textSchema } from './common.ts';

export const privacyPeopleQuerySchema = z.object({
  search: textSchema('validation.searchTooLong')
    .trim()
    .min(2, { error: 'privacy.searchTooShort' })
    .max(100, { error: 'validation.searchTooLong' }),
});

export const privacyPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  deleted_at: z.string().nullable(),
  anonymised_at: z.string().nullable(),
});
export type PrivacyPerson = z.infer<typeof privacyPersonSchema>;

export const personalDataQuerySchema = z.object({
  format: z.enum(['json', 'html'], { error: 'onboarding.formatInvalid' }).default('json'),
});

export const anonymisedSchema = z.object({ message: z.string(), person: privacyPersonSchema });
export type AnonymisedPerson = z.infer<typeof anonymisedSchema>;
