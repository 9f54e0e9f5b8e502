import { type Action, can, type Lang, pickLang, type Role, rolesWith, SCOPED_ROLES } from '@incentive/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sessions, users, userWarehouses, warehouses } from '../db/schema.ts';
import { forbidden, unauthenticated } from '../lib/app-error.ts';
import { type Placeholders, preparedStatement } from '../lib/prepared.ts';
import { hashToken } from '../lib/tokens.ts';
import { SessionCache } from './session-cache.ts';

/**
 * Every route declares who may call it in `config.access`: public, or an action of the role
 * policy (packages/contracts/src/policy.ts) with the roles that have it. A route without a
 * declaration is refused (deny by default). Record-level scope is checked by the services.
 */
export type Access = { public: true } | { action: Action; roles: readonly Role[] };

export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  sessionId: number;
  /** A regional manager's or warehouse admin's (not deleted) warehouses; null for other roles. */
  warehouseIds: number[] | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A write that can change no session: no sign-in, sign-out, password, user, role, e-mail or
     * warehouse scope. It leaves the session caches as they are (decision 041). Only the routes
     * listed in security/sessions-kept.test.ts may say so.
     */
    keepsSessions?: true;
  }
  interface FastifyRequest {
    lang: Lang;
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Who each recently seen bearer token belongs to (plugins/session-cache.ts). */
    sessionCache: SessionCache<AuthUser>;
  }
}

/** The live session of a token hash with its user (and a scoped user's warehouses), prepared once (lib/prepared.ts). */
const lookupSession = preparedStatement(
  'auth.session',
  (db: Db, _: Record<string, never>, p: Placeholders<{ tokenHash: string; now: string }>) =>
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        id: users.id,
        role: users.role,
        email: users.email,
        // The scope of a scoped role (as modules/access warehouseIdsOf reads it), read with the session.
        warehouseIds: sql<
          number[] | null
        >`case when ${inArray(users.role, [...SCOPED_ROLES])} then array(select ${userWarehouses.warehouseId} from ${userWarehouses} inner join ${warehouses} on ${warehouses.id} = ${userWarehouses.warehouseId} where ${userWarehouses.userId} = ${users.id} and ${warehouses.deletedAt} is null order by ${userWarehouses.warehouseId}) end`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, p.tokenHash),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > ${p.now}::timestamptz`,
          isNull(users.deletedAt),
        ),
      )
      .limit(1),
);

/** Methods that never write. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Does this request leave every session as it was? A read does, and so does a write whose route
 * declares `keepsSessions` (a quiz submit, a withdrawal: a rep's writes, many a second at peak).
 * Every other request empties the session caches: deny by default.
 */
export function keepsSessions(req: FastifyRequest): boolean {
  return READS.has(req.method) || req.routeOptions.config?.keepsSessions === true;
}

export const PUBLIC: Access = { public: true };
/** A route for the roles to which the policy gives `action`. */
export const allow = (action: Action): Access => ({ action, roles: rolesWith(action) });

/** The signed-in user, or a 401. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'pl');
  app.decorateRequest('user', null);
  app.decorate('sessionCache', new SessionCache<AuthUser>((app.config?.SESSION_CACHE_SECONDS ?? 5) * 1000));

  // A request that may have written (a logout, a new password, a deactivation, an edited role)
  // empties the cache before its answer leaves, after its transaction committed.
  app.addHook('onSend', (req, _reply, _payload, done) => {
    if (!keepsSessions(req)) app.sessionCache.clear();
    done();
  });

  // Anything outside /api (the SPA and its files) and the API docs are public by nature.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) {
      route.config = { ...(route.config as object), access: route.config?.access ?? PUBLIC };
    }
  });

  // Who the caller is, before anything else. Callback style: a known session (the usual case) is
  // answered without a promise; only a lookup waits for the database.
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLang(req.headers['accept-language']);
    const access = req.routeOptions.config?.access;
    // Unmatched routes fall to the not-found handler, which decides for itself.
    if (req.is404) return done();
    if (!access) return done(forbidden());
    if ('public' in access) return done();
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
    if (!match?.[1]) return done(unauthenticated());
    const tokenHash = hashToken(match[1]);
    const allowed = (user: AuthUser) => {
      req.user = user;
      done(can(user.role, access.action) ? undefined : forbidden());
    };
    const cached = app.sessionCache.get(tokenHash);
    if (cached) return allowed(cached);
    const epoch = app.sessionCache.epoch;
    lookupSession(app.db, {}, { tokenHash, now: new Date().toISOString() }).then(([row]) => {
      if (!row) return done(unauthenticated());
      const user: AuthUser = {
        id: row.id,
        role: row.role as Role,
        email: row.email,
        sessionId: row.sessionId,
        warehouseIds: row.warehouseIds ? row.warehouseIds.map(Number) : null,
      };
      app.sessionCache.set(tokenHash, { value: user, expiresAt: row.expiresAt.getTime() }, epoch);
      allowed(user);
    }, done);
  });
});
