import { type LoginBody, loginBodySchema } from '@incentive/contracts';
import { zodValidate } from '../../lib/zod-form.ts';

/** The sign-in form's check, in its own chunk with zod (see lazyValidator). */
export const validateLogin: (values: LoginBody) => Record<string, string> = zodValidate(loginBodySchema);
