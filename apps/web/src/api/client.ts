import { resolveAppUrl } from '../lib/base-url';

/**
 * A small fetch client. Paths are resolved against the page's base URL (`document.baseURI`), so `/ready` means
 * "ready below wherever the portal is served". Every response body goes through a parser (a zod schema's `parse`
 * from @portal/contract, or a hand-written guard) so callers never see unchecked data.
 */

export type Parser<T> = (body: unknown) => T;

/** A response with a non-2xx status. `body` is the parsed JSON (or text) the server sent, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: unknown,
  ) {
    super(`Request to ${url} failed with HTTP ${status}`);
  }
}

/** The server answered with a body the parser rejected. */
export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError';

  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    super(`Unexpected response body from ${url}`, options);
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** GETs `path` below the base URL and returns the parsed body; throws {@link ApiError} for non-2xx answers. */
export async function getJson<T>(path: string, parse: Parser<T>, options: RequestOptions = {}): Promise<T> {
  const url = resolveAppUrl(path).href;
  const response = await fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json', ...options.headers },
    credentials: 'same-origin',
    signal: options.signal ?? null,
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, url, body);
  try {
    return parse(body);
  } catch (cause) {
    throw new ApiResponseError(url, { cause });
  }
}
