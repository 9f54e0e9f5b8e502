import type { MessageKey } from '@incentive/contracts';

/** A failure the client should see: an HTTP status and a message key translated per request. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: Record<string, MessageKey[]>,
  ) {
    super(key);
  }
}

/** A 429: the answer carries Retry-After with the seconds to wait, and the message gets them as {{wait}}. */
export class ThrottledError extends AppError {
  constructor(
    key: MessageKey,
    readonly retryAfterSeconds: number,
    wait: string,
  ) {
    super(429, key, { wait });
  }
}

export const unauthenticated = () => new AppError(401, 'errors.unauthenticated');
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const notFound = (key: MessageKey = 'errors.notFound') => new AppError(404, key);
