import {
  API,
  describeAccess,
  type OperationDefinition,
  READ_ONLY_VIEW_HEADER,
  VIEW_AS_COPY,
  VIEW_AS_ERROR_CODES,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordEvent } from '../db/audit.js';
import { forbidden, HttpError } from '../http/errors.js';
import { type AccessTokens, type Audience, InvalidTokenError } from './access-tokens.js';
import type { Principal } from './principal.js';
import type { PrincipalCache } from './principal-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

/** Paths whose routes plugins register (the API reference) rather than our modules. */
const UNGUARDED_PREFIXES = ['/api/docs'];

export function isGuardedPath(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && !UNGUARDED_PREFIXES.some((p) => url.startsWith(p));
}

export function registerRouteAccess(app: FastifyInstance, tokens: AccessTokens, principals: PrincipalCache) {
  app.decorateRequest('principal', undefined);

  // What a route demands of its caller comes from its declaration in the contract's operation table, whose access
  // field is required: an /api route registered any other way stops the server from starting.
  app.addHook('onRoute', (route) => {
    if (isGuardedPath(route.url) && route.config?.operation === undefined) {
      throw new Error(
        `${route.method} ${route.url} is not from the contract's operation table: register it with registerOperation`,
      );
    }
  });

  // A write is answered only once this server knows what it changed of anyone's sign-in (decision 0190), so the
  // caller's next call, a logout's or a revocation's included, already sees it. A refused or failed write changed
  // nothing (one transaction per write), so it need not wait.
  app.addHook('onSend', async (request, reply, payload) => {
    const wrote = request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400;
    if (wrote) await principals.barrier();
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (operation === undefined || operation.access === 'public') return;
    const { access, dashToken } = operation;
    const claims = await verifyBearer(request, 'authorization', 'main', tokens);
    if (dashToken) {
      const dash = await verifyBearer(request, 'dash-authorization', 'dash', tokens);
      if (dash.userId !== claims.userId || dash.sessionId !== claims.sessionId) {
        throw unauthenticated('The dash token belongs to another session');
      }
    }
    const principal = await principals.principalOf(claims);
    if (!principal) throw unauthenticated('The session has ended');
    request.principal = principal;
    // A view as customer reads and never writes, whatever the user it views as may do (decision 0220).
    if (principal.viewAs && !readsOnly(request.method, operation)) {
      throw forbidden(VIEW_AS_COPY.readOnly, {
        code: VIEW_AS_ERROR_CODES.readOnly,
        headers: { [READ_ONLY_VIEW_HEADER]: '1' },
      });
    }
    if (access === 'signed-in') return;
    if ('role' in access) {
      if (!principal.roles.includes(access.role))
        throw forbidden('This needs a role you do not have', { code: 'missing_role' });
      return;
    }
    if (!access.anyOf.some((grant) => principal.can(grant.code, grant.accessType))) {
      throw forbidden(`This needs ${describeAccess(access)}`, { code: 'missing_functionality' });
    }
  });
}

/**
 * What a view as customer may call besides GET: ending itself, and the analytics tokens of its own session (the
 * dashboard's charts ask for them; they change nothing). Sign-out and refresh are public, so not asked here.
 */
const ALLOWED_IN_A_VIEW: readonly OperationDefinition[] = [API.viewAs.end, API.login.dashLogin];

function readsOnly(method: string, operation: OperationDefinition): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return ALLOWED_IN_A_VIEW.some((allowed) => allowed.method === operation.method && allowed.path === operation.path);
}

/**
 * Every request made in a view as customer is recorded under both identities (decision 0220): the staff member as
 * the actor, the viewed user on whose behalf, in the trail of the user's companies. One insert as the answer is sent,
 * so once the browser has an answer its request is in the trail; a failure to record is logged, the answer still sent.
 */
export function registerViewAsAudit(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    const view = principal?.viewAs;
    if (!principal || !view) return payload;
    try {
      await recordEvent(request.server.database.db, {
        action: 'impersonation.request',
        actor: { userId: view.staffUserId, requestId: request.id },
        onBehalfOfUserId: principal.userId,
        companyIds: principal.companyIds,
        details: {
          method: request.method,
          // The path alone: a query string may carry what the trail should not keep.
          path: request.url.split('?', 1)[0],
          status: reply.statusCode,
          sessionId: principal.sessionId,
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not record a request of a view as customer');
    }
    return payload;
  });
}

/** The caller of a guarded route; routes declared public have none. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`${request.routeOptions.url} reads the principal but is not guarded`);
  return request.principal;
}

async function verifyBearer(
  request: FastifyRequest,
  header: 'authorization' | 'dash-authorization',
  audience: Audience,
  tokens: AccessTokens,
) {
  const value = request.headers[header];
  const match = typeof value === 'string' ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(value) : null;
  if (!match?.[1])
    throw unauthenticated(
      `Missing ${header === 'authorization' ? 'Authorization' : 'Dash-Authorization'} bearer token`,
    );
  try {
    return await tokens.verify(match[1], audience);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      throw unauthenticated(error.message, error.reason === 'expired' ? 'token_expired' : 'invalid_token');
    }
    throw error;
  }
}

function unauthenticated(message: string, code = 'invalid_token'): HttpError {
  return new HttpError(401, message, { code });
}
