import type { FastifyRequest } from 'fastify';

/** Query parameters whose values work like passwords: a set-password link carries `token`. */
const SECRET_PARAMS = /([?&](?:token|password|password_confirmation)=)[^&#]*/gi;

/** The URL as the log may keep it: secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Fastify's request log line (method, url, host, address) without secrets: opening a set-password
 * link requests /register?token=…, and the log must not turn it into a usable link.
 */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
