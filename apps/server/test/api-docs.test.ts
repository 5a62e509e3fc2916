import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

type Operation = {
  operationId?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
};

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[] }>; securitySchemes: Record<string, unknown> };
};

const operationsOf = (document: OpenApiDocument) =>
  Object.values(document.paths).flatMap((path) => Object.values(path));

describe('API documentation', () => {
  const context = useTestApp();

  it('serves an OpenAPI 3 document at /api/openapi.json with the health routes', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info).toMatchObject({ title: 'Business Portal API', version: expect.any(String) });
    expect(Object.keys(document.paths['/health']?.get?.responses ?? {})).toEqual(['200']);
    expect(Object.keys(document.paths['/ready']?.get?.responses ?? {}).sort()).toEqual(['200', '503']);
    const health = document.paths['/health']?.get?.responses['200']?.content?.['application/json']?.schema.$ref;
    expect(health).toMatch(/^#\/components\/schemas\//);
    expect(document.components.schemas[String(health).split('/').at(-1) ?? '']).toMatchObject({ required: ['status'] });
  });

  it('names, describes and secures every operation, and every error answers the one error schema', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['accessToken', 'dashToken']);
    const operations = operationsOf(document);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    expect(operations.filter((operation) => !operation.description)).toEqual([]);
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    expect(byId.get('health.health')?.security).toEqual([]);
    expect(byId.get('users.update')?.security).toEqual([{ accessToken: [] }]);
    expect(byId.get('usage.siteMonthly')?.security).toEqual([{ accessToken: [], dashToken: [] }]);
    for (const operation of operations) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        expect(answer.description).not.toBe('Default Response');
        const schema = answer.content?.['application/json']?.schema;
        if (['401', '403'].includes(status)) expect(schema?.$ref).toBe('#/components/schemas/ApiError');
      }
    }
  });

  it('keeps its own plumbing out of the document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    expect(
      Object.keys(document.paths).filter((path) => path.startsWith('/api/docs') || path === '/api/openapi.json'),
    ).toEqual([]);
  });

  it('serves the browsable reference at /api/docs from this server', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Business Portal API</title>');
    expect(response.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);

    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");

    const bundle = await context.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const spec = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json()).toMatchObject({ info: { title: 'Business Portal API' } });
  });
});
