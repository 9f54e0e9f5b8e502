import { errorResponseSchema, pickLang, translate } from '@incentive/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';
import { AppError, ThrottledError } from '../lib/app-error.ts';

/**
 * The error answers a route declares (its OpenAPI entry, and how Fastify serialises them): every
 * status with the one error body, `{message, errors?}`. A module's routes spread the set they share
 * (`...errorAnswers(401, 403, 404, 422)`) and add a route's own.
 */
export function errorAnswers<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as {
    [K in C[number]]: typeof errorResponseSchema;
  };
}

/** What a multipart form adds to a route's error answers: a body that is no form (400, 415) or too large (413). */
export const FORM_ERROR_ANSWERS = errorAnswers(400, 413, 415);

const zodLocales = { pl: z.locales.pl(), en: z.locales.en() };

/** Turns zod issues into `{field: [message]}`, our keys translated and zod's own texts localised. */
function fieldErrors(req: FastifyRequest, schema: $ZodType, data: unknown): Record<string, string[]> {
  const locale = zodLocales[req.lang];
  const result = safeParse(schema, data, { error: locale.localeError });
  const out: Record<string, string[]> = {};
  for (const issue of (result.error?.issues ?? []) as $ZodIssue[]) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    out[field] = [...(out[field] ?? []), translate(req.lang, issue.message)];
  }
  return out;
}

function send(reply: FastifyReply, status: number, body: { message: string; errors?: Record<string, string[]> }) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify's router raises before any route or hook runs (a path that is not valid UTF-8 once
 * decoded, a path parameter over `maxParamLength`): by default they answer with Fastify's own code
 * and the raw path in English; here they get the same translated JSON as every other client error.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLang(req.headers['accept-language']);
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return send(reply, status, { message: translate(lang, 'errors.validation') });
}

/** One error handler: client errors get a translated message, server errors never leak internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? 'pl';
    if (err instanceof AppError) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      // A field's messages take the error's params too ("the product „{{name}}”…" under its field).
      const errors = err.fieldErrors
        ? Object.fromEntries(
            Object.entries(err.fieldErrors).map(([k, v]) => [k, v.map((m) => translate(lang, m, err.params))]),
          )
        : undefined;
      // Ours to fix, not the client's: the operator sees why (a store that is down, say) in the log.
      if (err.status >= 500) req.log.error({ err: err.cause ?? err }, err.key);
      return send(reply, err.status, { message: translate(lang, err.key, err.params), errors });
    }
    if (err.validation && err.validationContext) {
      const part = err.validationContext as 'body' | 'querystring' | 'params' | 'headers';
      const schema = req.routeOptions.schema?.[part] as $ZodType | undefined;
      const data = { body: req.body, querystring: req.query, params: req.params, headers: req.headers }[part];
      const errors = schema ? fieldErrors(req, schema, data) : {};
      const first = Object.values(errors)[0]?.[0];
      return send(reply, 422, { message: first ?? translate(lang, 'errors.validation'), errors });
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, { message: translate(lang, 'errors.invalidJson') });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, { message: translate(lang, 'errors.payloadTooLarge') });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, { message: translate(lang, 'errors.unsupportedMediaType') });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      // Every 429 says when to come back.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return send(reply, 429, { message: translate(lang, 'errors.tooManyRequests') });
    }
    if (status === 401) return send(reply, 401, { message: translate(lang, 'errors.unauthenticated') });
    if (status === 403) return send(reply, 403, { message: translate(lang, 'errors.forbidden') });
    if (status === 404) return send(reply, 404, { message: translate(lang, 'errors.notFound') });
    if (status >= 400 && status < 500) return send(reply, status, { message: translate(lang, 'errors.validation') });
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, { message: translate(lang, 'errors.internal') });
  });
});
