import { ApiError, getJson } from '../../api/client';

/**
 * `GET /ready`: 200 with `status: 'ready'` when the portal can serve requests, otherwise (typically 503)
 * `status: 'unavailable'`. Move the type and guard to @portal/contract once it exports a schema for it.
 */
export interface ReadyResponse {
  status: 'ready' | 'unavailable';
  database: 'up' | 'down';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isReadyResponse(body: unknown): body is ReadyResponse {
  return (
    isRecord(body) &&
    (body.status === 'ready' || body.status === 'unavailable') &&
    (body.database === 'up' || body.database === 'down')
  );
}

export function parseReadyResponse(body: unknown): ReadyResponse {
  if (isReadyResponse(body)) return { status: body.status, database: body.database };
  throw new TypeError('Not a readiness response');
}

/** The readiness report; a 503 that carries a readiness body is an answer, not a failure. */
export async function fetchReadiness(signal?: AbortSignal): Promise<ReadyResponse> {
  try {
    return await getJson('/ready', parseReadyResponse, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && isReadyResponse(error.body)) return error.body;
    throw error;
  }
}
