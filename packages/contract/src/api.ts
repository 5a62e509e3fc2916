import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './limits';

export const ApiErrorDetailSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type ApiErrorDetail = z.infer<typeof ApiErrorDetailSchema>;

/** The one JSON body of every 4xx and 5xx response. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  /** The HTTP reason phrase, e.g. 'Bad Request'. */
  error: z.string().min(1),
  message: z.string(),
  code: z.string().min(1).optional(),
  details: z.array(ApiErrorDetailSchema).optional(),
  requestId: z.string().min(1).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The request header by which a client makes a retried POST answer what the first did (docs/decisions/0120). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Any printable ASCII up to IDEMPOTENCY_KEY_MAX_LENGTH characters, compared exactly as sent; a UUID does well. */
export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .regex(/^[\x20-\x7e]*$/, 'Must be printable ASCII')
  .describe('Sent again with a retry, the same key answers what the first request answered');

/** Login failure details the web app branches on (spec section 8); the OAuth `error` of the sign-in replies. */
export const LOGIN_ERROR_CODES = {
  invalidGrant: 'invalid_grant',
  requiresPasswordReset: 'requires_password_reset',
  cookiesPolicy: 'cookies_policy',
  /** The password was right; the user has a second factor to give (docs/decisions/0207). */
  secondStepRequired: 'second_step_required',
  /** The second step's code was wrong. */
  invalidCode: 'invalid_code',
  /** The second step's challenge is unknown, used or past its five minutes: sign in again. */
  challengeExpired: 'challenge_expired',
  /** The user's company signs in through its identity provider only (docs/decisions/0210). */
  singleSignOnRequired: 'single_sign_on_required',
  /** A passkey may not sign in by itself for this user: their company does not allow it (decision 0209). */
  passkeySignInNotAllowed: 'passkey_sign_in_not_allowed',
} as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[keyof typeof LOGIN_ERROR_CODES];

/** A downloaded file's body, for the API reference. */
export const BinaryFileSchema = z.string().meta({ format: 'binary' });

export const ODATA_COUNT_KEY = '@odata.count';

/** The one list shape: a page of items and, when `$count=true` was asked for, the total. */
/*#__NO_SIDE_EFFECTS__*/
export function odataList<T extends z.ZodType>(itemSchema: T) {
  return z.object({
    value: z.array(itemSchema),
    [ODATA_COUNT_KEY]: z.number().int().nonnegative().optional(),
  });
}
export type OdataList<T> = { value: T[]; '@odata.count'?: number };

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const DependencyStatusSchema = z.object({
  name: z.string().min(1).meta({ description: 'The dependency: database, carrier-worker, redis, ...' }),
  status: z.enum(['up', 'down']),
});

export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Kept beside `dependencies` for the probes written before it. */
  database: z.enum(['up', 'down']),
  dependencies: z.array(DependencyStatusSchema),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
