import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contract from '@portal/contract';
import { COMPANY_FILTER_HEADER, OPERATION_LIST, type OperationDefinition } from '@portal/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AREA_DESCRIPTIONS,
  namedOperationOf,
  operationDescription,
  operationId,
  responseDescription,
  SECURITY_SCHEMES,
  securityOf,
} from './operation-docs.js';
import { cspHeaderValue, SPA_CONTENT_SECURITY_POLICY } from './security-headers.js';

export const API_DOCS_PATH = '/api/docs';

/**
 * The docs page loads swagger-ui's own bundle from this server (no CDN), so it needs little beyond the SPA policy:
 * its "Try it out" stays same-origin, and rendered descriptions may show images from https.
 */
const API_DOCS_CONTENT_SECURITY_POLICY = {
  ...SPA_CONTENT_SECURITY_POLICY,
  'img-src': ["'self'", 'data:', 'https:'],
};

/**
 * The contract's exported schemas under their names (`InvoiceSchema` as `Invoice`), so the document holds each once
 * in components/schemas and refers to it (decision 0172). Server-side only: the web bundle never sees the registry.
 */
function namedSchemas() {
  const registry = z.registry<{ id: string }>();
  // @fastify/swagger spreads params, query and headers into parameters: those objects must stay inline. Bodies
  // stay inline too: a named body's request variant loses the string side of a form's booleans.
  const inline = new Set<unknown>(
    OPERATION_LIST.flatMap(({ operation }) => [operation.params, operation.query, operation.headers, operation.body]),
  );
  // In name order: the schemas come out differently when registered in another order (tsx and Vite list a module's
  // exports differently), and the committed document must not depend on which tool wrote it.
  for (const [name, value] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodType) || registry.has(value) || inline.has(value)) continue;
    const id = name.slice(0, -'Schema'.length);
    // The transform names a schema's request variant `<id>Input`; a schema already called so stays inline.
    if (id.endsWith('Input')) continue;
    registry.add(value, { ...z.globalRegistry.get(value), id });
  }
  return registry;
}

const schemaRegistry = namedSchemas();
const transformObject = createJsonSchemaTransformObject({ schemaRegistry });

type OpenApiObject = ReturnType<typeof transformObject>;

/**
 * Keeps only the component schemas an operation reaches: the transform writes a request and an answer variant of
 * every named schema, and most are used one way only.
 */
function withoutUnusedSchemas(transformed: OpenApiObject): OpenApiObject {
  const document = transformed as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const name = key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '') : '';
        if (name && !reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
        visit(inner);
      }
    }
  };
  visit(document.paths);
  // Sorted: the order the transform meets schemas in is not the same from one start to the next.
  const used = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => reached.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...document, components: { ...document.components, schemas: used } } as OpenApiObject;
}
const zodToJsonSchema = createJsonSchemaTransform({ skipList: [], schemaRegistry });

/** The operation's id, description, security and each response's description, from its declaration. */
function withOperationDocs(
  transformed: { schema: FastifySchema; url: string },
  operation: OperationDefinition | undefined,
): { schema: FastifySchema; url: string } {
  const named = namedOperationOf(operation);
  if (!operation || !named) return transformed;
  const responses = (transformed.schema.response ?? {}) as Record<string, Record<string, unknown>>;
  const response = Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => [
      status,
      { ...answer, description: responseDescription(Number(status), operation) },
    ]),
  );
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      operationId: operationId(named),
      description: operationDescription(named),
      security: securityOf(operation),
      response,
    } as FastifySchema,
  };
}

/**
 * Lists the company filter header (decision 0075) on every operation it narrows: those with a signed-in caller,
 * except the ones that answer for the whole estate; beside the headers the operation declares (an Idempotency-Key).
 */
function withCompanyFilterHeader(
  transformed: { schema: FastifySchema; url: string },
  operation: OperationDefinition | undefined,
): { schema: FastifySchema; url: string } {
  if (!operation || operation.access === 'public' || operation.wholeEstate) return transformed;
  const header = {
    type: 'string',
    pattern: '^[1-9][0-9]{0,9}$',
    description:
      "Narrows the answer to one of the caller's companies (its id); 404 for a company outside the caller's estate",
  };
  const declared = transformed.schema.headers as { properties?: object; required?: string[] } | undefined;
  const headers = {
    type: 'object',
    properties: { ...declared?.properties, [COMPANY_FILTER_HEADER]: header },
    ...(declared?.required ? { required: declared.required } : {}),
  };
  return { ...transformed, schema: { ...transformed.schema, headers } };
}

/** Must be registered before any route so @fastify/swagger sees every route's zod schema. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Business Portal API',
        description: 'Self-service portal API for business customers of a telecoms reseller.',
        version: '0.1.0',
        contact: { name: 'Business Portal team' },
      },
      servers: [{ url: '{origin}', variables: { origin: { default: 'http://localhost:3000' } } }],
      tags: [...new Set(OPERATION_LIST.map(({ area }) => area))].map((area) => ({
        name: area,
        description: AREA_DESCRIPTIONS[area],
      })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const operation = input.route.config?.operation;
      return withOperationDocs(withCompanyFilterHeader(zodToJsonSchema(input), operation), operation);
    },
    transformObject: (input) => withoutUnusedSchemas(transformObject(input)),
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: cspHeaderValue(API_DOCS_CONTENT_SECURITY_POLICY),
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Business Portal API' },
  });
}
