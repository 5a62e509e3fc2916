import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { COMPANY_FILTER_HEADER, type OperationDefinition } from '@portal/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
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

const zodToJsonSchema = createJsonSchemaTransform({ skipList: [] });

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
      },
    },
    transform: (input) => withCompanyFilterHeader(zodToJsonSchema(input), input.route.config?.operation),
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: cspHeaderValue(API_DOCS_CONTENT_SECURITY_POLICY),
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Business Portal API' },
  });
}
