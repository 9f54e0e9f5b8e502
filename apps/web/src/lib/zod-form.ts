import type { z } from 'zod';
import { i18n, issueKey } from './i18n.ts';

/** A @mantine/form validator from a contracts schema; the schema's message keys are translated. */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key]) errors[key] = i18n.t(issueKey(issue.message));
    }
    return errors;
  };
}
