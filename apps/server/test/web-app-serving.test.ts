import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/connection.js';
import { buildTestApp, openTestDatabase } from './support/test-app.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';
// The web build's pre-rendered sign-in page (docs/decisions/0191).
const LOGIN_HTML =
  '<!doctype html><html><body><div id="root" data-prerendered="sign-in"><form></form></div></body></html>';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('serving the built web app', () => {
  let webDist: string;
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-dist-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDist, 'login.html'), LOGIN_HTML);
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("portal");');
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await openTestDatabase();
    app = await buildTestApp(database, { WEB_DIST_DIR: webDist });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / with the strict CSP and security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');

    const csp = parseCsp(String(response.headers['content-security-policy']));
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // HSTS only in production: a development or test server on plain http must not pin browsers to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('falls back to index.html for a deep link the browser navigates to', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/some/deep/link?tab=2',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends the page the build pre-rendered for a route, and index.html below it or for any other', async () => {
    for (const url of ['/login', '/login/', '/login?returnTo=%2Fbills']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(LOGIN_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
    for (const url of ['/login/extra', '/forgot-password', '/index', '/..%2Flogin']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates unhashed files', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown /api paths a JSON 404, even for a browser', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: BROWSER_ACCEPT } });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).code).toBe('not_found');
  });

  it('does not answer a missing asset or a non-HTML request with index.html', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/gone-999.js', headers: { accept: BROWSER_ACCEPT } });
    expect(asset.statusCode).toBe(404);
    const script = await app.inject({ method: 'GET', url: '/some/deep/link', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/some/deep/link', headers: { accept: BROWSER_ACCEPT } });
    expect(post.statusCode).toBe(404);
  });

  it('still answers /health and /ready as JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/health', headers: { accept: BROWSER_ACCEPT } });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('security headers in production', () => {
  it('adds HSTS', async () => {
    const database = await openTestDatabase();
    const app = await buildTestApp(database, { NODE_ENV: 'production', WEB_DIST_DIR: tmpdir() });
    try {
      const response = await app.inject({ method: 'GET', url: '/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

function parseCsp(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}
