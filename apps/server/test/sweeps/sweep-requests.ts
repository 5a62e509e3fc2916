import { ApiErrorSchema, type NamedOperation, type OperationDefinition, paramTargets } from '@portal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { MULTIPART_BODY_FIELD } from '../../src/http/multipart-body.js';
import { pngImage } from '../fault-reports/fault-fixtures.js';
import type { SignedIn } from '../support/test-app.js';
import type { HostileFile } from './hostile-values.js';

/**
 * How the fixtures name an operation: `orders.items`; a carrier's operation by its family (`mobileFirst.simSwap`), so
 * one example serves every carrier of the family, a carrier added to the registry included.
 */
export const operationKey = ({ area, name, carrier }: Pick<NamedOperation, 'area' | 'name' | 'carrier'>) =>
  carrier ? `${carrier.entry.family}.${name}` : `${area}.${name}`;

/** How failure lists name an operation: `GET /api/orders/:orderId/items`. */
export const operationLabel = (operation: OperationDefinition) => `${operation.method} ${operation.path}`;

/** A field a case puts a value into: a path or query parameter by its name, or a body field by its keys and indexes. */
export type FieldSpot = {
  part: 'params' | 'query' | 'body';
  path: ReadonlyArray<string | number>;
  schema: z.ZodType;
};

/** How failure lists name a spot: `:id`, `?count`, `body.newAddress.town`, `body.endPoints[0].id`. */
export function spotLabel({ part, path }: FieldSpot): string {
  if (part === 'params') return `:${path[0]}`;
  if (part === 'query') return `?${path[0]}`;
  return `body${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}`;
}

/** Object levels below the body's own fields that the sweep reaches (an array's element is no level of its own). */
const NESTED_LEVELS = 2;

/**
 * Every field a request of the operation carries: its path and query parameters, its body's fields and, in a JSON
 * body (a multipart one's fields are JSON too), the fields of objects and of the first element of arrays below
 * them. A form body is flat.
 */
export function fieldSpotsOf(operation: OperationDefinition): FieldSpot[] {
  const spots: FieldSpot[] = [];
  for (const part of ['params', 'query'] as const) {
    const schema = operation[part];
    if (schema instanceof z.ZodObject) {
      for (const [name, field] of Object.entries(schema.shape)) {
        spots.push({ part, path: [name], schema: field as z.ZodType });
      }
    }
  }
  const nested = operation.bodyEncoding === 'form' ? 0 : NESTED_LEVELS;
  const walk = (schema: z.ZodType, path: Array<string | number>, levels: number) => {
    const carried = asCarried(schema);
    if (carried instanceof z.ZodObject) {
      for (const [key, shaped] of Object.entries(carried.shape)) {
        const field = shaped as z.ZodType;
        spots.push({ part: 'body', path: [...path, key], schema: field });
        if (levels > 0) walk(field, [...path, key], levels - 1);
      }
    } else if (carried instanceof z.ZodArray && path.length > 0) {
      const element = carried.element as z.ZodType;
      spots.push({ part: 'body', path: [...path, 0], schema: element });
      walk(element, [...path, 0], levels);
    }
  };
  if (operation.body) walk(operation.body, [], nested);
  return spots;
}

/** The schema inside optional, nullable, default and prefault, and for a pipe its input's or output's (`side`). */
function unwrapped(schema: z.ZodType, side: 'in' | 'out'): z.ZodType {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodPrefault
    ) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current[side] as z.ZodType;
    } else {
      return current;
    }
  }
}

/** What a request carries for the schema: inside optional, nullable and default, a pipe's input. */
const asCarried = (schema: z.ZodType) => unwrapped(schema, 'in');

/** Whether the field is read as a number (a coerced number, digits piped to one, or numeric literals). */
export function isNumeric(field: z.ZodType): boolean {
  const schema = unwrapped(field, 'out');
  if (schema instanceof z.ZodNumber) return true;
  if (schema instanceof z.ZodLiteral)
    return schema.values.size > 0 && [...schema.values].every((v) => typeof v === 'number');
  if (schema instanceof z.ZodUnion) return schema.options.every((option) => isNumeric(option as z.ZodType));
  return false;
}

/** `date` for z.iso.date(), `datetime` for z.iso.datetime() (and the contract's schemas built on them). */
export function dateKindOf(schema: z.ZodType): 'date' | 'datetime' | undefined {
  const carried = asCarried(schema);
  if (carried instanceof z.ZodISODate) return 'date';
  if (carried instanceof z.ZodISODateTime) return 'datetime';
  return undefined;
}

/** A name the request must give: a string field, neither optional nor defaulted, whose key ends in "name". */
export function isRequiredName(spot: FieldSpot): boolean {
  const key = spot.path.at(-1);
  return (
    typeof key === 'string' && /name$/i.test(key) && asCarried(spot.schema) === spot.schema && isString(spot.schema)
  );
}

const isString = (schema: z.ZodType) => schema instanceof z.ZodString;

/** The record a path parameter names, as its schema is registered in the contract's `paramTargets`. */
export function paramTargetOf(operation: OperationDefinition, name: string): string | undefined {
  const schema = operation.params?.shape[name];
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
  /** File parts after the fields of a multipart body (docs/decisions/0098). */
  files?: readonly HostileFile[];
  session?: SignedIn | undefined;
};

export const encodeText = (value: unknown) => encodeURIComponent(String(value));

export const encodePairs = (record: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(record).map(([name, value]) => [name, encodeText(value)]);

/** A body in the operation's encoding: form fields as text, everything else as JSON. */
export function encodeBody(operation: OperationDefinition, body: Record<string, unknown>): SweepRequest['body'] {
  return operation.bodyEncoding === 'form'
    ? { kind: 'form', pairs: encodePairs(body) }
    : { kind: 'json', text: JSON.stringify(body) };
}

const MARKER = '\u2063sweep-value\u2063';

/**
 * The JSON text of `body` with the field at `path` set to the raw JSON literal `json`. Objects and arrays missing
 * on the way are made (an array's first element from its example's, or an empty object or a bare value), so a case
 * reaches a nested field whatever the example left empty.
 */
export function jsonAt(body: Record<string, unknown>, path: ReadonlyArray<string | number>, json: string): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let container: Record<string | number, unknown> = copy;
  path.forEach((key, index) => {
    const next = path[index + 1];
    if (next === undefined) {
      container[key] = MARKER;
      return;
    }
    const existing = container[key];
    const made = typeof next === 'number' ? (Array.isArray(existing) ? existing : []) : existing;
    container[key] = typeof made === 'object' && made !== null ? made : {};
    container = container[key] as Record<string | number, unknown>;
  });
  return JSON.stringify(copy).replace(JSON.stringify(MARKER), () => json);
}

export function withPair(pairs: Array<[string, string]>, name: string, encoded: string): Array<[string, string]> {
  return [...pairs.filter(([key]) => key !== name), [encodeText(name), encoded]];
}

export function toInject(operation: OperationDefinition, request: SweepRequest): InjectOptions {
  const path = operation.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = request.params[name];
    if (value === undefined) throw new Error(`${operationLabel(operation)}: no value for path parameter '${name}'`);
    return value;
  });
  const query = request.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers: Record<string, string> = {};
  if (request.session) {
    headers.authorization = `Bearer ${request.session.accessToken}`;
    if (operation.dashToken) headers['dash-authorization'] = `Bearer ${request.session.dashToken}`;
  }
  let payload: string | Buffer | undefined;
  if (request.body?.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = request.body.pairs.map(([name, value]) => `${name}=${value}`).join('&');
  } else if (request.body?.kind === 'json' && operation.bodyEncoding === 'multipart') {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    payload = multipartPayload(request.body.text, request.files ?? []);
  } else if (request.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = request.body.text;
  }
  return {
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

const BOUNDARY = 'sweep-boundary-7f3a';
let images = 0;
/** A small PNG unlike the last few hundred, so that no case's report is taken for a repeat of another's. */
const freshImage = () => {
  images += 1;
  return pngImage(8 + (images % 400), 8);
};

/**
 * The fields as the JSON of the first part (docs/decisions/0098), whatever the case varies in them, then each file
 * part with its headers as the case wrote them.
 */
function multipartPayload(fields: string, files: readonly HostileFile[]): Buffer {
  const crlf = Buffer.from('\r\n');
  const parts: Buffer[] = [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${MULTIPART_BODY_FIELD}"\r\n\r\n${fields}\r\n`),
  ];
  for (const file of files) {
    const content = file.content === 'image' ? freshImage() : file.content;
    parts.push(Buffer.from(`--${BOUNDARY}\r\n`), file.headers, crlf, crlf, content, crlf);
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** What is wrong with an answer to a value the field never takes: anything below 400. */
export function acceptedProblem(response: LightMyRequestResponse): string | undefined {
  return response.statusCode < 400 ? `accepted it (answered ${response.statusCode})` : undefined;
}

/**
 * What is wrong with an answer to input the server should refuse or take: a 5xx, or a 4xx whose body is not the
 * one error shape (or the shape the operation declares for that status, as the sign-in calls do for OAuth errors).
 */
export function answerProblem(operation: OperationDefinition, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  const schema = operation.errors?.[status] ?? ApiErrorSchema;
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
