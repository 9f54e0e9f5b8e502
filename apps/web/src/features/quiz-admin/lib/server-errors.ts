import type { ApiResult } from '../../../lib/api-client.ts';

/** A 422's per-field messages (already in the user's language), by the server's field path ('name', 'questions.0.questionText'). */
export function serverFieldErrors(result: ApiResult<unknown> | null): Record<string, string> {
  if (!result || result.isSuccess || !result.payload?.errors) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(result.payload.errors)) if (messages[0]) out[key] ??= messages[0];
  return out;
}
