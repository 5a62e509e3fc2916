import {
  type MultipartFile,
  multipartBody,
  type OperationDefinition,
  type OperationInput,
  type OperationResponse,
  operationPath,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, ApiError, apiClient, type FormFields, type Parser, type RequestOptions } from './client';
import { companyFilterHeaders } from './company-filter';
import { apiQueryKey } from './query-cache';

/**
 * Calls to the API's operations, typed by their declarations in the contract's operation table: the path comes from
 * the declaration, params/query/body from its schemas, and the answer goes through its response schema. Features
 * import the area they use (`orderOperations.items`), never the whole table, so a page's bundle holds only its own
 * schemas.
 */

/** Calls the operation and returns its parsed answer; throws {@link ApiError} for a non-2xx answer. */
export async function callOperation<E extends OperationDefinition>(
  operation: E,
  input: OperationInput<E>,
  options: RequestOptions & {
    client?: ApiClient;
    /** The file parts of a multipart operation (`bodyEncoding: 'multipart'`). */
    files?: ReadonlyArray<MultipartFile>;
  } = {},
): Promise<OperationResponse<E>> {
  const client = options.client ?? apiClient;
  const path = operationPath(operation, input);
  const parse = (body: unknown) =>
    (operation.successStatus === 204 ? undefined : operation.response.parse(body)) as OperationResponse<E>;
  const { files = [], client: _client, ...requestOptions } = options;
  const request = { ...requestOptions, headers: { ...companyFilterHeaders(operation), ...options.headers } };
  if (operation.method === 'GET') return client.getJson(path, parse, request);
  if (operation.bodyEncoding === 'form') {
    return client.sendForm(path, (input.body ?? {}) as FormFields, parse, request);
  }
  if (operation.bodyEncoding === 'multipart') {
    return client.sendMultipart(path, multipartBody(input.body, files), parse, request);
  }
  return client.sendJson(operation.method, path, input.body, parse, request);
}

/**
 * Fetches a file operation with the session's tokens (a plain link could not send them). The body of a failed
 * download is of no use to the user: only its status is kept in the {@link ApiError}.
 */
export async function downloadOperation<E extends OperationDefinition & { download: object }>(
  operation: E,
  input: OperationInput<E>,
  options: { client?: ApiClient } = {},
): Promise<Response> {
  const client = options.client ?? apiClient;
  const path = operationPath(operation, input);
  const response = await client.apiFetch(path, { method: operation.method, headers: companyFilterHeaders(operation) });
  if (!response.ok) throw new ApiError(response.status, path, undefined);
  return response;
}

/** How a GET is made: `disableCache` skips the browser's HTTP cache (spec 7's cache-disabling header). */
export interface OperationRequestOptions {
  disableCache?: boolean;
}

/** A GET call as data: its cache key (its area and full path, see query-cache.ts) and how to make it. */
export function operationRequest<E extends OperationDefinition & { method: 'GET' }>(
  operation: E,
  input: OperationInput<E>,
  options: OperationRequestOptions = {},
) {
  const path = operationPath(operation, input);
  return {
    queryKey: apiQueryKey(path),
    fetch: (signal?: AbortSignal) => callOperation(operation, input, { ...options, ...(signal ? { signal } : {}) }),
  };
}

/**
 * TanStack Query options for a GET operation, fetched with the query's abort signal (a newer request cancels a stale
 * one) and reloaded when a write reaches its area.
 */
export function operationQuery<E extends OperationDefinition & { method: 'GET' }>(
  operation: E,
  input: OperationInput<E>,
  options: OperationRequestOptions = {},
) {
  const request = operationRequest(operation, input, options);
  return queryOptions({ queryKey: request.queryKey, queryFn: ({ signal }) => request.fetch(signal) });
}

/**
 * A GET without input that the first load makes (first-load-paths.ts), answered through a hand-written check of the
 * operation's response schema, so neither the declaration nor zod is loaded for it.
 */
export function firstLoadRequest<T>(path: string, parse: Parser<T>) {
  return {
    queryKey: apiQueryKey(path),
    fetch: (signal?: AbortSignal) =>
      apiClient.getJson(path, parse, { headers: companyFilterHeaders({}), ...(signal ? { signal } : {}) }),
  };
}

/**
 * Query options for a GET without input that code of the first load names but a signed-in page needs: the
 * declaration, and zod with it, loads with the first call.
 */
export function lazyOperationQuery<E extends OperationDefinition & { method: 'GET' }>(
  path: string,
  load: () => Promise<E>,
) {
  return queryOptions({
    queryKey: apiQueryKey(path),
    queryFn: async ({ signal }) => callOperation(await load(), {} as OperationInput<E>, { signal }),
  });
}

/** Whether a call failed because the API has nothing there for the caller (404: absent, or outside their estate). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Whether the server refused a call because of the state of what it names (409: a site that still has lines). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** Whether the server refused a call for coming too often (429: a throttled check, decision 0124). */
export function isTooManyRequests(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** A failed call's status and the server's machine-readable `code`; undefined when no answer came at all. */
export function callFailure(error: unknown): { status: number; code: string | undefined } | undefined {
  return error instanceof ApiError ? { status: error.status, code: error.code } : undefined;
}

/** Runs `listener` at every sign-in and sign-out, for what a feature keeps in memory for one user only. */
export function onSessionChange(listener: () => void): () => void {
  return apiClient.onSessionEvent(listener);
}

/** The server's own words for a refused call (the `message` of its ApiError body), when it gave any. */
export function serverErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { message } = error.body as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** Whether the server refused the call's input (400): its message then says why, for the user to read. */
export function isBadRequest(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/** The body of the server's answer to a failed call (its fields' refusals in `details`); undefined without one. */
export function failureBody(error: unknown): unknown {
  return error instanceof ApiError ? error.body : undefined;
}

/** The field a 400 names (`details[0].field` of the server's validation answer), when it names one. */
export function refusedField(error: unknown): string | undefined {
  if (!isBadRequest(error)) return undefined;
  const details = ((error as ApiError).body as { details?: Array<{ field?: unknown }> } | null)?.details;
  const field = details?.[0]?.field;
  return typeof field === 'string' ? field : undefined;
}
