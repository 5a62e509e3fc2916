import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  details?: { field: string; rule: string; message: string }[];
};

function errorBody(statusCode: number, message: string, details?: ErrorBody['details']): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(details ? { details } : {}) };
}

export function validationFailed(error: z.ZodError, part: string): ErrorBody {
  return errorBody(
    400,
    `Invalid ${part}`,
    error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : part,
      rule: issue.code,
      message: issue.message,
    })),
  );
}

export function notFound(message: string): ErrorBody {
  return errorBody(404, message);
}

/** The same JSON error shape as the portal's API, so a failing carrier call looks alike in both logs. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => {
    const statusCode = clientErrorStatus(error);
    if (statusCode !== undefined && error instanceof Error) {
      return reply.code(statusCode).send(errorBody(statusCode, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Internal Server Error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?', 1)[0]} not found`)),
  );
}

function clientErrorStatus(error: unknown): number | undefined {
  const statusCode = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}
