import type { ApiResult } from '../../lib/api-client.ts';

/** A 422's per-field messages (already in the user's language), for the form's fields. */
export function fieldErrors(result: ApiResult<unknown> | null, fields: readonly string[]): Record<string, string> {
  if (!result || result.isSuccess || !result.payload?.errors) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(result.payload.errors)) {
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field && messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}
