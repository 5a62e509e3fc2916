import { ApiErrorSchema, type EndpointDefinition, type NamedEndpoint, paramTargets } from '@portal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { SignedIn } from '../support/test-app.js';

/** How the fixtures name an endpoint: `orders.items`. */
export const endpointKey = ({ area, name }: Pick<NamedEndpoint, 'area' | 'name'>) => `${area}.${name}`;

/** How failure lists name an endpoint: `GET /api/orders/:orderId/items`. */
export const endpointLabel = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;

/** The top-level fields of an object schema (a refined object is still one), or none. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The record a path parameter names, as its schema is registered in the contract's `paramTargets`. */
export function paramTargetOf(endpoint: EndpointDefinition, name: string): string | undefined {
  const schema = endpoint.params?.shape[name];
  return schema ? paramTargets.get(schema)?.target : undefined;
}

/**
 * A request as the sweeps vary it. Path, query and form values are URL text (already percent-encoded), so a case
 * can send bytes no string encodes (a lone surrogate); a JSON body is its text, so a case can send any literal.
 */
export type SweepRequest = {
  params: Record<string, string>;
  query: Array<[name: string, encoded: string]>;
  body?: { kind: 'form'; pairs: Array<[name: string, encoded: string]> } | { kind: 'json'; text: string };
  session?: SignedIn | undefined;
};

export const encodeText = (value: unknown) => encodeURIComponent(String(value));

export const encodePairs = (record: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(record).map(([name, value]) => [name, encodeText(value)]);

/** A body in the endpoint's encoding: form fields as text, everything else as JSON. */
export function encodeBody(endpoint: EndpointDefinition, body: Record<string, unknown>): SweepRequest['body'] {
  return endpoint.bodyEncoding === 'form'
    ? { kind: 'form', pairs: encodePairs(body) }
    : { kind: 'json', text: JSON.stringify(body) };
}

const MARKER = '\u2063sweep-value\u2063';

/** The JSON text of `body` with `field` set to the raw JSON literal `json` (which JSON.stringify could not make). */
export function jsonWith(body: Record<string, unknown>, field: string, json: string): string {
  return JSON.stringify({ ...body, [field]: MARKER }).replace(JSON.stringify(MARKER), () => json);
}

export function withPair(pairs: Array<[string, string]>, name: string, encoded: string): Array<[string, string]> {
  return [...pairs.filter(([key]) => key !== name), [encodeText(name), encoded]];
}

export function toInject(endpoint: EndpointDefinition, request: SweepRequest): InjectOptions {
  const path = endpoint.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = request.params[name];
    if (value === undefined) throw new Error(`${endpointLabel(endpoint)}: no value for path parameter '${name}'`);
    return value;
  });
  const query = request.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers: Record<string, string> = {};
  if (request.session) {
    headers.authorization = `Bearer ${request.session.accessToken}`;
    if (endpoint.dashToken) headers['dash-authorization'] = `Bearer ${request.session.dashToken}`;
  }
  let payload: string | undefined;
  if (request.body?.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = request.body.pairs.map(([name, value]) => `${name}=${value}`).join('&');
  } else if (request.body?.kind === 'json' && endpoint.bodyEncoding === 'multipart') {
    // The fields travel as the JSON of the first part (docs/decisions/0098), whatever the case varies in them.
    const boundary = 'sweep-boundary-7f3a';
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    payload = `--${boundary}\r\nContent-Disposition: form-data; name="report"\r\n\r\n${request.body.text}\r\n--${boundary}--\r\n`;
  } else if (request.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = request.body.text;
  }
  return {
    method: endpoint.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

/**
 * What is wrong with an answer to input the server should refuse or take: a 5xx, or a 4xx whose body is not the
 * one error shape (or the shape the endpoint declares for that status, as the sign-in calls do for OAuth errors).
 */
export function answerProblem(endpoint: EndpointDefinition, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  const schema = endpoint.errors?.[status] ?? ApiErrorSchema;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 120)}`;
  }
  return schema.safeParse(body).success
    ? undefined
    : `answered ${status} with a body not in the error shape: ${response.body.slice(0, 200)}`;
}
