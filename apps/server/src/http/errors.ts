import { STATUS_CODES } from 'node:http';
import type { ApiError, ApiErrorDetail, LoginErrorCode } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** An error a route throws on purpose; its status, message, code and details reach the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly details: ApiErrorDetail[] | undefined;
  /** Headers the answer carries, such as a 429's Retry-After. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, options: HttpErrorOptions = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = options.code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

type HttpErrorOptions = { code?: string; details?: ApiErrorDetail[]; headers?: Record<string, string> };

/** Too many attempts from one username or address: the answer says when to try again. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
    code: 'too_many_attempts',
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

const OAUTH_DESCRIPTIONS: Record<LoginErrorCode | 'invalid_request', string> = {
  invalid_grant: 'Invalid username or password.',
  requires_password_reset: 'The password must be changed before signing in.',
  cookies_policy: 'The cookie policy must be accepted before signing in.',
  second_step_required: 'A code from the authenticator app (or a recovery code) is needed to finish signing in.',
  invalid_code: 'The code is not right.',
  challenge_expired: 'The sign-in has expired. Sign in with the password again.',
  single_sign_on_required: 'Your company signs in with single sign-on. Use "Sign in with single sign-on".',
  passkey_sign_in_not_allowed: "The user's company does not allow signing in with a passkey alone.",
  invalid_request: 'The request is not valid.',
};

/** A sign-in refused in OAuth's shape (RFC 6749 section 5.2, decision 0011), which the web app branches on. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: LoginErrorCode | 'invalid_request',
    readonly options: {
      /** With requires_password_reset: the account is new and its user sets a first password (decision 0139). */
      firstSignIn?: boolean;
      /** With second_step_required: what completes the sign-in, and with which factors (decision 0207). */
      secondStep?: { challenge: string; factors: readonly string[]; expiresIn: number; enrolmentRequired?: true };
    } = {},
  ) {
    super(OAUTH_DESCRIPTIONS[error]);
    this.name = 'OAuthFailure';
  }
}

export const badRequest = (message = 'Bad Request', options?: HttpErrorOptions) => new HttpError(400, message, options);
export const unauthorized = (message = 'Unauthorized', options?: HttpErrorOptions) =>
  new HttpError(401, message, options);
export const forbidden = (message = 'Forbidden', options?: HttpErrorOptions) => new HttpError(403, message, options);
export const notFound = (message = 'Not Found', options?: HttpErrorOptions) => new HttpError(404, message, options);
export const conflict = (message = 'Conflict', options?: HttpErrorOptions) => new HttpError(409, message, options);

/** A 400 naming the one field a rule refused, as schema validation names them. */
export function invalidField(field: string, rule: string, message: string): HttpError {
  return badRequest(message, { code: ERROR_CODES.validationFailed, details: [{ field, rule, message }] });
}

/** A body naming another record than its path's. */
export function idNotMatchingPath(): HttpError {
  return invalidField('id', 'matches_path', 'Must be the id in the path');
}

export const ERROR_CODES = {
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  notFound: 'not_found',
  serviceUnavailable: 'service_unavailable',
} as const;

/** Seconds a client is asked to wait after a 503: about what a database failover or restart takes. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function apiError(
  request: FastifyRequest,
  statusCode: number,
  message: string,
  extra: { code?: string | undefined; details?: ApiErrorDetail[] | undefined } = {},
): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(extra.code ? { code: extra.code } : {}),
    ...(extra.details ? { details: extra.details } : {}),
    requestId: request.id,
  };
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?', 1)[0];
  return reply
    .code(404)
    .send(apiError(request, 404, `Route ${request.method} ${path} not found`, { code: ERROR_CODES.notFound }));
}

/** Every error leaves the server in the ApiError shape; 5xx answers never carry the internal message or stack. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof OAuthFailure) {
      request.log.info({ statusCode: 400, code: error.error }, 'sign-in refused');
      const firstSignIn = error.options.firstSignIn ? { first_sign_in: true } : {};
      const { secondStep } = error.options;
      const step = secondStep
        ? {
            challenge: secondStep.challenge,
            factors: secondStep.factors,
            expires_in: secondStep.expiresIn,
            ...(secondStep.enrolmentRequired ? { enrolment_required: true } : {}),
          }
        : {};
      return reply
        .code(400)
        .send({ error: error.error, error_description: error.message, ...firstSignIn, ...step, requestId: request.id });
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    if (isDatabaseUnavailable(error)) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    const body = toApiError(error, request);
    if (body.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ statusCode: body.statusCode, message: body.message, code: body.code }, 'request rejected');
    }
    return reply.code(body.statusCode).send(body);
  });
}

function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (hasZodFastifySchemaValidationErrors(error) || hasValidationErrors(error)) {
    const context = error.validationContext ?? 'request';
    return apiError(request, 400, `Invalid ${context}`, {
      code: ERROR_CODES.validationFailed,
      details: error.validation.map((issue) => validationDetail(issue, context)),
    });
  }
  if (error instanceof HttpError) {
    return apiError(request, error.statusCode, error.message, { code: error.code, details: error.details });
  }
  if (isFastifyErrorWithCode(error, 'FST_ERR_CTP_INVALID_JSON_BODY') || isJsonSyntaxError(error)) {
    return apiError(request, 400, 'Request body is not valid JSON', { code: ERROR_CODES.invalidJson });
  }
  if (isDatabaseUnavailable(error)) {
    return apiError(request, 503, 'The service is briefly unavailable. Please try again in a few seconds.', {
      code: ERROR_CODES.serviceUnavailable,
    });
  }
  if (error instanceof Error && !isResponseSerializationError(error)) {
    const statusCode = clientErrorStatus(error);
    if (statusCode !== undefined) return apiError(request, statusCode, error.message);
  }
  return apiError(request, 500, 'Internal Server Error');
}

type ValidationFailure = Error & { validation: FastifySchemaValidationError[]; validationContext?: string };

function hasValidationErrors(error: unknown): error is ValidationFailure {
  return error instanceof Error && 'validation' in error && Array.isArray(error.validation);
}

function validationDetail(issue: FastifySchemaValidationError, context: string): ApiErrorDetail {
  const segments = issue.instancePath.split('/').filter((segment) => segment !== '');
  return {
    field: segments.length > 0 ? segments.join('.') : context,
    rule: issue.keyword,
    message: issue.message ?? 'Invalid value',
  };
}

function isFastifyErrorWithCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

// The default JSON parser rethrows JSON.parse's SyntaxError with statusCode 400 attached.
function isJsonSyntaxError(error: unknown): boolean {
  return error instanceof SyntaxError && clientErrorStatus(error) === 400;
}

function clientErrorStatus(error: Error): number | undefined {
  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}
