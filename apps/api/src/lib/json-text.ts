import type { FastifyReply } from 'fastify';

/**
 * A response body that is JSON text already (a list page PostgreSQL built, lib/sql-json.ts).
 * `T` is the contract type the text holds; the API tests parse such answers with the contract's
 * schema, since the route's own response schema does not run on text.
 */
export class JsonText<T = unknown> {
  /** Only carries T for the compiler: the routes' return types name the contract they send. */
  declare readonly contract?: T;
  constructor(readonly text: string) {}
}

/** Sends the text as it is: with a JSON content type and a string body, Fastify skips its serializer. */
export function sendJsonText(reply: FastifyReply, body: JsonText) {
  return reply.type('application/json; charset=utf-8').send(body.text);
}
