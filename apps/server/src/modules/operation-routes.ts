import type { Multipart } from '@fastify/multipart';
import {
  ApiErrorSchema,
  BinaryFileSchema,
  OPERATION_LIST,
  type OperationArea,
  type OperationBody,
  type OperationDefinition,
  type OperationHeaders,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/route-access.js';
import { MULTIPART_BODY_FIELD, type MultipartLimits, readMultipartBody } from '../http/multipart-body.js';
import { companyFilterOf } from '../scope/company-filter.js';
import { type EstateScope, estateScope } from '../scope/estate-scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration this route was registered from: its access rule, dash token and schemas. */
    operation?: OperationDefinition;
  }
}

/** For guarded operations, the caller's estate scope. */
type ScopeOf<E extends OperationDefinition> = E['access'] extends 'public' ? unknown : { scope: EstateScope };

/** For multipart operations, the parts after the fields (the files), streamed in the order they arrive. */
type PartsOf<E extends OperationDefinition> = E['bodyEncoding'] extends 'multipart'
  ? { parts: AsyncIterableIterator<Multipart> }
  : unknown;

/** What a handler gets: the validated input, and for guarded operations the caller's estate scope. */
export type OperationContext<E extends OperationDefinition> = {
  params: OperationParams<E>;
  query: OperationQuery<E>;
  body: OperationBody<E>;
  /** The headers the declaration names, checked (others pass unchecked). */
  headers: OperationHeaders<E>;
  request: FastifyRequest;
  reply: FastifyReply;
} & ScopeOf<E> &
  PartsOf<E>;

/** A download handler sends the file itself and returns the reply; every other handler returns the body. */
export type OperationHandler<E extends OperationDefinition> = (
  context: OperationContext<E>,
) => Promise<
  E['download'] extends object ? FastifyReply : E['successStatus'] extends 204 ? void : OperationResponse<E>
>;

/**
 * Work an operation must do before its input is validated, once the caller is known (so after the access check):
 * it sees the request as it came, params and query unchecked and no body yet. For the rare operation whose refusal
 * must not depend on which check fails first; it answers by throwing.
 */
export type BeforeValidation<E extends OperationDefinition> = (
  context: { request: FastifyRequest; reply: FastifyReply } & ScopeOf<E>,
) => Promise<void>;

/** How a multipart operation's files arrive: their part name and the limits the parser enforces. */
export type MultipartFiles = MultipartLimits & { fileField: string };

/**
 * A handler, or a handler with work to do before validation. A multipart operation must say how its files arrive:
 * its body is then read from the first part (docs/decisions/0098), not parsed whole.
 */
export type OperationImplementation<E extends OperationDefinition> =
  | (E['bodyEncoding'] extends 'multipart' ? never : OperationHandler<E>)
  | {
      beforeValidation?: BeforeValidation<E>;
      multipart?: E['bodyEncoding'] extends 'multipart' ? MultipartFiles : undefined;
      handler: OperationHandler<E>;
    };

/** One handler for each operation of an area: leaving one out is a type error. */
export type AreaHandlers<A extends OperationArea> = { [K in keyof A]: OperationImplementation<A[K]> };

function routeOrder(a: OperationDefinition, b: OperationDefinition): number {
  return a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path);
}

/**
 * A plugin registering every operation of an area from its contract declaration. `handlers` is called once with the
 * app, so handlers can close over what they need (the database for public flows, the mailer, the file store).
 */
export function operationRoutes<A extends OperationArea, Options = Record<never, never>>(
  area: A,
  handlers: (app: FastifyInstance, options: Options) => NoInfer<AreaHandlers<A>>,
) {
  return async (app: FastifyInstance, options: Options) => {
    const implemented = handlers(app, options);
    // In path order, so the API reference lists them the same however the area module was loaded.
    const names = (Object.keys(area) as Array<keyof A & string>).sort((a, b) =>
      routeOrder(area[a] as OperationDefinition, area[b] as OperationDefinition),
    );
    for (const name of names) {
      registerOperation(
        app,
        area[name] as OperationDefinition,
        implemented[name] as OperationImplementation<OperationDefinition>,
      );
    }
  };
}

/** Registers one operation (tests use it for operations of their own). */
export function registerOperation<E extends OperationDefinition>(
  app: FastifyInstance,
  definition: E,
  implementation: OperationImplementation<E>,
) {
  type Untyped = (context: Record<string, unknown>) => Promise<unknown>;
  const { handler, beforeValidation, multipart } =
    typeof implementation === 'function'
      ? { handler: implementation, beforeValidation: undefined, multipart: undefined }
      : implementation;
  const run = handler as unknown as Untyped;
  if ((definition.bodyEncoding === 'multipart') !== (multipart !== undefined)) {
    throw new Error(
      `${definition.method} ${definition.path}: a multipart operation needs its files' limits, and only it`,
    );
  }
  const scopeOf = async (request: FastifyRequest) => {
    if (definition.access === 'public') return {};
    const caller = principalOf(request);
    const db = app.database.db;
    const onlyCompany = definition.wholeEstate ? undefined : await companyFilterOf(db, caller, request);
    return { scope: estateScope(db, caller, onlyCompany) };
  };
  app.route({
    method: definition.method,
    url: definition.path,
    config: { operation: definition },
    // A route's own onRequest runs after the app's, which checked the caller, and before any validation.
    ...(beforeValidation
      ? {
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            await (beforeValidation as unknown as Untyped)({ request, reply, ...(await scopeOf(request)) });
          },
        }
      : {}),
    schema: {
      ...(definition.unlisted ? { hide: true } : {}),
      tags: [areaOf(definition)],
      summary: definition.summary,
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.headers ? { headers: definition.headers } : {}),
      ...(definition.body ? { body: multipart ? multipartBodySchema(definition, multipart) : definition.body } : {}),
      ...(definition.bodyEncoding === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: responseSchemas(definition),
    },
    // A multipart body is a stream: its schema is for the API reference; the handler reads and checks the fields.
    ...(multipart ? { validatorCompiler: skipBodyValidation } : {}),
    handler: async (request, reply) => {
      const successStatus = definition.successStatus ?? 200;
      reply.code(successStatus);
      const scope = await scopeOf(request);
      const upload = multipart ? await readMultipartBody(request, definition, multipart) : undefined;
      const result = await run({
        params: request.params,
        query: request.query,
        body: upload ? upload.body : request.body,
        headers: request.headers,
        ...(upload ? { parts: upload.parts } : {}),
        request,
        reply,
        ...scope,
      });
      if (definition.download || reply.sent) return reply;
      if (successStatus === 204) return reply.send();
      return result;
    },
  });
}

/** The multipart body as the API reference shows it: the fields as JSON in the first part, then the files. */
function multipartBodySchema(definition: OperationDefinition, files: MultipartFiles): z.ZodType {
  return z.object({
    [MULTIPART_BODY_FIELD]: (definition.body as z.ZodType).describe('The fields, as JSON; the first part'),
    [files.fileField]: z.array(BinaryFileSchema).max(files.maxFiles).optional().describe('The files, after the fields'),
  });
}

type ValidatorCompiler = Parameters<FastifyInstance['setValidatorCompiler']>[0];

/** The app's validator for params and query; the body passes, to be read from the stream by the handler. */
const skipBodyValidation: ValidatorCompiler = (route) => {
  if (route.httpPart === 'body') return (value: unknown) => ({ value });
  return validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
};

/**
 * Every error a declaration implies, so the API reference lists them: 400 for any input, 401 unless public, 403 for
 * a permission or role, 404 for path parameters; `errors` adds or overrides.
 */
function responseSchemas(definition: OperationDefinition): Record<number, unknown> {
  const implied: Record<number, z.ZodType> = {};
  if (definition.params || definition.query || definition.body) implied[400] = ApiErrorSchema;
  if (definition.access !== 'public') implied[401] = ApiErrorSchema;
  if (typeof definition.access === 'object') implied[403] = ApiErrorSchema;
  if (definition.params) implied[404] = ApiErrorSchema;
  const success = definition.download
    ? {
        description: 'The file, as an attachment',
        content: Object.fromEntries(
          definition.download.mediaTypes.map((type) => [type, { schema: definition.response }]),
        ),
      }
    : definition.response;
  return { [definition.successStatus ?? 200]: success, ...implied, ...definition.errors };
}

/** The API reference groups operations by their area of the contract's table. */
function areaOf(definition: OperationDefinition): string {
  return OPERATION_LIST.find(({ operation }) => operation === definition)?.area ?? 'other';
}

/**
 * Refuses to start when an operation of the contract's table was never registered: a module left out of the plugin
 * list would otherwise ship its operations as 404s.
 */
export function requireEveryOperationRegistered(app: FastifyInstance) {
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.operation) registered.add(`${route.config.operation.method} ${route.config.operation.path}`);
  });
  app.addHook('onReady', async () => {
    const missing = OPERATION_LIST.filter(({ operation }) => !registered.has(`${operation.method} ${operation.path}`));
    if (missing.length > 0) {
      throw new Error(
        `Operations of the contract are not registered: ${missing.map(({ area, name }) => `${area}.${name}`).join(', ')}`,
      );
    }
  });
}

/** Who makes a write, for the audit log: the signed-in caller and the request. */
export const actorOf = (scope: EstateScope, request: FastifyRequest) => ({
  userId: scope.caller.userId,
  requestId: request.id,
});
