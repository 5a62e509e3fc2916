import { COMPANY_FILTER_HEADER } from './company-filter';
import {
  fillOperationPath,
  type OperationBodyInput,
  type OperationDefinition,
  type OperationParamsInput,
  type OperationQueryInput,
  type OperationResponse,
} from './operation';

/**
 * Calling the API's operations, typed by their declarations: the rules of the wire format (paths, query strings,
 * form and multipart bodies) written once for the web app and for other TypeScript consumers, who get
 * {@link createPortalClient} (docs/api-client.md).
 */

type Has<T, Key extends string> = [T] extends [undefined]
  ? { readonly [K in Key]?: undefined }
  : { readonly [K in Key]: T };

/** What a call needs: `params` when the path has parameters, `query` and `body` when the operation declares them. */
export type OperationInput<E extends OperationDefinition> = Has<OperationParamsInput<E>, 'params'> &
  Partial<Has<OperationQueryInput<E>, 'query'>> &
  Has<OperationBodyInput<E>, 'body'>;

type QueryValue = string | number | boolean | null | undefined;

/** The path of a call, below the base URL: `/api/orders/42/items?$top=5`. Undefined query values are left out. */
export function operationPath<E extends OperationDefinition>(operation: E, input: OperationInput<E>): string {
  const path = fillOperationPath(operation.path, input.params as Record<string, string | number> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  // `$` is allowed as it is in a query string, and the OData options read better unencoded (`$top=5`).
  const search = query.toString().replaceAll('%24', '$');
  return search === '' ? path : `${path}?${search}`;
}

/** The name of a multipart call's first part, the JSON of its fields (decision 0107). */
export const MULTIPART_FIELDS_PART = 'report';

/** A file part of a multipart call: the form field it goes under and the file. */
export interface MultipartFile {
  field: string;
  file: Blob & { name?: string };
}

/** A multipart body: the declared fields as JSON in the first part, so the server checks them before any file. */
export function multipartBody(fields: unknown, files: ReadonlyArray<MultipartFile>): FormData {
  const body = new FormData();
  body.append(MULTIPART_FIELDS_PART, JSON.stringify(fields ?? {}));
  for (const { field, file } of files) body.append(field, file, file.name ?? field);
  return body;
}

/** A form-encoded body (the sign-in calls): each field that has a value, as text. */
export function formBody(fields: unknown): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries((fields ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) body.set(key, String(value));
  }
  return body;
}

/** A non-2xx answer: its status and the error body (`{ statusCode, message, details: [{ field, rule }] }`). */
export class PortalApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(`HTTP ${status} from ${path}`);
    this.name = 'PortalApiError';
  }
}

type Token = string | undefined | (() => string | undefined | Promise<string | undefined>);

export interface PortalClientOptions {
  /** Where the portal is served, e.g. `https://portal.example.com`. */
  baseUrl: string;
  /** The access token `API.login.login` answers, or a function giving the current one. */
  accessToken?: Token;
  /** The analytics token of the same session (`API.login.dashLogin`), for the usage operations. */
  dashToken?: Token;
  /** Narrows every answer to one of the caller's companies (the company filter). */
  companyId?: number;
  fetch?: typeof fetch;
}

type CallableOperation = OperationDefinition & { download?: undefined };

/** A typed client: `call(API.sites.list, { query: { $top: 5 } })` answers the operation's parsed response. */
export function createPortalClient(options: PortalClientOptions) {
  const tokenOf = async (token: Token) => (typeof token === 'function' ? await token() : token);
  return {
    async call<E extends CallableOperation>(
      operation: E,
      input: OperationInput<E>,
      files: ReadonlyArray<MultipartFile> = [],
    ): Promise<OperationResponse<E>> {
      const path = operationPath(operation, input);
      const headers: Record<string, string> = { accept: 'application/json' };
      const access = operation.access === 'public' ? undefined : await tokenOf(options.accessToken);
      if (access) headers.authorization = `Bearer ${access}`;
      const dash = operation.dashToken ? await tokenOf(options.dashToken) : undefined;
      if (dash) headers['dash-authorization'] = `Bearer ${dash}`;
      if (options.companyId !== undefined && operation.access !== 'public' && !operation.wholeEstate) {
        headers[COMPANY_FILTER_HEADER] = String(options.companyId);
      }
      let body: string | URLSearchParams | FormData | undefined;
      if (operation.bodyEncoding === 'form') body = formBody(input.body);
      else if (operation.bodyEncoding === 'multipart') body = multipartBody(input.body, files);
      else if (input.body !== undefined) {
        body = JSON.stringify(input.body);
        headers['content-type'] = 'application/json';
      }
      const response = await (options.fetch ?? fetch)(new URL(path, options.baseUrl), {
        method: operation.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      const answer: unknown = text === '' ? undefined : JSON.parse(text);
      if (!response.ok) throw new PortalApiError(response.status, path, answer);
      return (operation.successStatus === 204 ? undefined : operation.response.parse(answer)) as OperationResponse<E>;
    },
  };
}

export type PortalClient = ReturnType<typeof createPortalClient>;
