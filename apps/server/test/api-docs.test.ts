import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

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
    expect(document.paths['/health']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['status'] } } },
    });
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
