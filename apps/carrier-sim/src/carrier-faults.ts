import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** How one carrier words its errors: the body's shape and its codes for the cases every route shares. */
export type ErrorDialect = {
  name: string;
  body: (code: string, message: string) => object;
  /** How it refuses a body or query that does not parse (Halo 422, Vertex 400). */
  invalid: { status: number; code: string };
  notFoundCode: string;
  internalCode: string;
};

/** An answer a carrier route gives on purpose: a refusal, an unknown line, bad credentials. */
export class CarrierFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The value as the schema reads it, or the carrier's refusal naming the first field that is wrong. */
export function parseOrRefuse<T>(dialect: ErrorDialect, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw invalidRequest(dialect, `${issue.path.join('.') || 'body'}: ${issue.message}`);
}

/** The carrier's refusal of a request it cannot read, in its status and code for that. */
export function invalidRequest(dialect: ErrorDialect, message: string): CarrierFault {
  return new CarrierFault(dialect.invalid.status, dialect.invalid.code, message);
}

/** Every error of the carrier's routes in its own shape, unknown paths included. */
export function installCarrierErrors(scope: FastifyInstance, dialect: ErrorDialect): void {
  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof CarrierFault) return reply.code(error.status).send(dialect.body(error.code, error.message));
    // Fastify's own refusals, such as a body that is not JSON.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send(dialect.body(dialect.invalid.code, (error as Error).message));
    }
    request.log.error({ err: error }, `${dialect.name} route failed`);
    return reply.code(500).send(dialect.body(dialect.internalCode, 'Internal error'));
  });
  scope.setNotFoundHandler((request, reply) =>
    reply.code(404).send(dialect.body(dialect.notFoundCode, `No resource ${request.url.split('?', 1)[0]}`)),
  );
}
