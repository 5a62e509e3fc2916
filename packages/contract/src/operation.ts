import type { z } from 'zod';
import type { RouteAccess } from './access';

/**
 * One API operation, declared once: the server registers its route from this (validation, access, OpenAPI), and the
 * web app calls it through a client derived from it. Paths carry parameters as `:name`; the `params` schema must
 * name exactly those (the type of {@link operation} checks it).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface OperationDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  readonly access: RouteAccess;
  /** Analytics calls also need the `Dash-Authorization` token of the same session (spec section 7). */
  readonly dashToken?: boolean;
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: z.ZodType;
  /**
   * Request headers the operation reads besides the credentials and the company filter (the fault report's
   * Idempotency-Key): names in lower case, as Node gives them; a loose object, so every other header passes.
   */
  readonly headers?: ObjectSchema;
  /**
   * The sign-in calls post forms, as the spec has them; the fault report posts multipart (its fields, as `body`
   * describes them, plus files); everything else sends JSON.
   */
  readonly bodyEncoding?: 'json' | 'form' | 'multipart';
  /** The status of a success; 204 answers have no body. */
  readonly successStatus?: 200 | 201 | 202 | 204;
  /** The body of a success. For a file download, {@link BinaryFileSchema}. */
  readonly response: z.ZodType;
  /** The answer is a file of one of these media types (read as a Blob), not JSON. */
  readonly download?: { readonly mediaTypes: readonly string[] };
  /**
   * Error answers beyond those the declaration implies (400 for any input, 401 unless public, 403 for a permission
   * or role, 404 for path parameters), or a different body for one of them (the sign-in calls' OAuth errors).
   */
  readonly errors?: Readonly<Partial<Record<number, z.ZodType>>>;
  /** Left out of the API reference: the reference's own plumbing. */
  readonly unlisted?: boolean;
  /**
   * The answer covers the caller's whole estate even when a company filter is sent (the COMPANY_FILTER_HEADER):
   * the list the filter is chosen from.
   */
  readonly wholeEstate?: boolean;
}

/** The names of a path's `:name` parameters. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsMatchPath<D extends OperationDefinition> = [PathParamNames<D['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodObject<{ [K in PathParamNames<D['path']>]: z.ZodType }> };

/**
 * Declares an operation. The `const` type parameter keeps the literal path, access and schemas, so the server's
 * handler and the web client's call are typed by them; a path parameter without a schema (or the reverse) is a
 * type error.
 */
// Calls are pure: a bundle keeps only the declarations a page uses.
/*#__NO_SIDE_EFFECTS__*/
export function operation<const D extends OperationDefinition>(definition: D & ParamsMatchPath<D>): D {
  return definition;
}

/** The body of a success as the server returns it and the client receives it (after the schema's transforms). */
export type OperationResponse<D extends OperationDefinition> = D['successStatus'] extends 204
  ? undefined
  : z.output<D['response']>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Path parameters as the web app passes them: numbers or strings, encoded into the path. */
export type OperationParamsInput<D extends OperationDefinition> = D['params'] extends ObjectSchema
  ? { readonly [K in keyof z.output<D['params']>]: string | number }
  : undefined;
export type OperationQueryInput<D extends OperationDefinition> = InputOf<D['query']>;
export type OperationBodyInput<D extends OperationDefinition> = InputOf<D['body']>;

export type OperationParams<D extends OperationDefinition> = OutputOf<D['params']>;
export type OperationQuery<D extends OperationDefinition> = OutputOf<D['query']>;
export type OperationBody<D extends OperationDefinition> = OutputOf<D['body']>;
export type OperationHeaders<D extends OperationDefinition> = OutputOf<D['headers']>;

/** A group of operations of one API area, by the name the code calls them. */
export type OperationArea = Readonly<Record<string, OperationDefinition>>;

/** `/api/orders/:orderId/items` with `{ orderId: 42 }` is `/api/orders/42/items`; every value is URI-encoded. */
export function fillOperationPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((match) => match[1] ?? '');
}
