import {
  type EndpointBodyInput,
  type EndpointDefinition,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResponse,
  fillEndpointPath,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, ApiError, apiClient, type FormFields, type RequestOptions } from './client';
import { companyFilterHeaders } from './company-filter';
import { apiQueryKey } from './query-cache';

/**
 * Calls to the API's endpoints, typed by their declarations in the contract's endpoint table: the path comes from
 * the declaration, params/query/body from its schemas, and the answer goes through its response schema. Features
 * import the area they use (`orderEndpoints.items`), never the whole table, so a page's bundle holds only its own
 * schemas.
 */

type Has<T, Key extends string> = [T] extends [undefined]
  ? { readonly [K in Key]?: undefined }
  : { readonly [K in Key]: T };

/** What a call needs: `params` when the path has parameters, `query` and `body` when the endpoint declares them. */
export type EndpointInput<E extends EndpointDefinition> = Has<EndpointParamsInput<E>, 'params'> &
  Partial<Has<EndpointQueryInput<E>, 'query'>> &
  Has<EndpointBodyInput<E>, 'body'>;

type QueryValue = string | number | boolean | null | undefined;

/** The path of a call, below the base URL: `/api/orders/42/items?$top=5`. Undefined query values are left out. */
export function endpointPath<E extends EndpointDefinition>(endpoint: E, input: EndpointInput<E>): string {
  const path = fillEndpointPath(endpoint.path, input.params as Record<string, string | number> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  // `$` is allowed as it is in a query string, and the OData options read better unencoded (`$top=5`).
  const search = query.toString().replaceAll('%24', '$');
  return search === '' ? path : `${path}?${search}`;
}

/** A file part of a multipart call: the form field it goes under and the file. */
export interface MultipartFile {
  field: string;
  file: Blob & { name?: string };
}

/**
 * The body of a multipart call (decision 0107): the first part, `report`, is the JSON of the declared body, so the
 * server can check the fields before it streams any file; the files follow, each under its own field name.
 */
export function multipartBody(fields: unknown, files: ReadonlyArray<MultipartFile>): FormData {
  const body = new FormData();
  body.append(MULTIPART_FIELDS_PART, JSON.stringify(fields ?? {}));
  for (const { field, file } of files) body.append(field, file, file.name ?? field);
  return body;
}

/** The name of a multipart call's first part, the JSON of its fields (the wire format agreed with the server). */
export const MULTIPART_FIELDS_PART = 'report';

/** Calls the endpoint and returns its parsed answer; throws {@link ApiError} for a non-2xx answer. */
export async function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E>,
  options: RequestOptions & {
    client?: ApiClient;
    /** The file parts of a multipart endpoint (`bodyEncoding: 'multipart'`). */
    files?: ReadonlyArray<MultipartFile>;
  } = {},
): Promise<EndpointResponse<E>> {
  const client = options.client ?? apiClient;
  const path = endpointPath(endpoint, input);
  const parse = (body: unknown) =>
    (endpoint.successStatus === 204 ? undefined : endpoint.response.parse(body)) as EndpointResponse<E>;
  const { files = [], client: _client, ...requestOptions } = options;
  const request = { ...requestOptions, headers: { ...companyFilterHeaders(endpoint), ...options.headers } };
  if (endpoint.method === 'GET') return client.getJson(path, parse, request);
  if (endpoint.bodyEncoding === 'form') {
    return client.sendForm(path, (input.body ?? {}) as FormFields, parse, request);
  }
  if (endpoint.bodyEncoding === 'multipart') {
    return client.sendMultipart(path, multipartBody(input.body, files), parse, request);
  }
  return client.sendJson(endpoint.method, path, input.body, parse, request);
}

/**
 * Fetches a file endpoint with the session's tokens (a plain link could not send them). The body of a failed
 * download is of no use to the user: only its status is kept in the {@link ApiError}.
 */
export async function downloadEndpoint<E extends EndpointDefinition & { download: object }>(
  endpoint: E,
  input: EndpointInput<E>,
  options: { client?: ApiClient } = {},
): Promise<Response> {
  const client = options.client ?? apiClient;
  const path = endpointPath(endpoint, input);
  const response = await client.apiFetch(path, { method: endpoint.method, headers: companyFilterHeaders(endpoint) });
  if (!response.ok) throw new ApiError(response.status, path, undefined);
  return response;
}

/** How a GET is made: `disableCache` skips the browser's HTTP cache (spec 7's cache-disabling header). */
export interface EndpointRequestOptions {
  disableCache?: boolean;
}

/** A GET call as data: its cache key (its area and full path, see query-cache.ts) and how to make it. */
export function endpointRequest<E extends EndpointDefinition & { method: 'GET' }>(
  endpoint: E,
  input: EndpointInput<E>,
  options: EndpointRequestOptions = {},
) {
  const path = endpointPath(endpoint, input);
  return {
    queryKey: apiQueryKey(path),
    fetch: (signal?: AbortSignal) => callEndpoint(endpoint, input, { ...options, ...(signal ? { signal } : {}) }),
  };
}

/**
 * TanStack Query options for a GET endpoint, fetched with the query's abort signal (a newer request cancels a stale
 * one) and reloaded when a write reaches its area.
 */
export function endpointQuery<E extends EndpointDefinition & { method: 'GET' }>(
  endpoint: E,
  input: EndpointInput<E>,
  options: EndpointRequestOptions = {},
) {
  const request = endpointRequest(endpoint, input, options);
  return queryOptions({ queryKey: request.queryKey, queryFn: ({ signal }) => request.fetch(signal) });
}

/** Whether a call failed because the API has nothing there for the caller (404: absent, or outside their estate). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Whether the server refused a call because of the state of what it names (409: a site that still has lines). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
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

/** The field a 400 names (`details[0].field` of the server's validation answer), when it names one. */
export function refusedField(error: unknown): string | undefined {
  if (!isBadRequest(error)) return undefined;
  const details = ((error as ApiError).body as { details?: Array<{ field?: unknown }> } | null)?.details;
  const field = details?.[0]?.field;
  return typeof field === 'string' ? field : undefined;
}
