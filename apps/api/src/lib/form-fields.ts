import { isMessageKey, type MessageKey } from '@incentive/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Validates a multipart form's text fields with a contracts schema (the JSON routes get this from
 * Fastify): a 422 whose message is the first problem, with every field's problems beside it.
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, MessageKey[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'errors.validation';
    errors[field] = [...(errors[field] ?? []), key];
  }
  const first = Object.values(errors)[0]?.[0] ?? 'errors.validation';
  throw new AppError(422, first, {}, errors);
}
