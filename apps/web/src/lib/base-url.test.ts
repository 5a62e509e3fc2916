import { describe, expect, it } from 'vitest';
import { resolveAppUrl, routerBasename, routerPathname } from './base-url';

describe('resolveAppUrl', () => {
  it('resolves paths at the root', () => {
    expect(resolveAppUrl('/ready', 'http://localhost:5173/').href).toBe('http://localhost:5173/ready');
    expect(resolveAppUrl('api/invoices?page=2', 'http://localhost:5173/').href).toBe(
      'http://localhost:5173/api/invoices?page=2',
    );
  });

  it('keeps a leading slash inside the base path', () => {
    expect(resolveAppUrl('/ready', 'https://example.com/portal/').href).toBe('https://example.com/portal/ready');
    expect(resolveAppUrl('//api/me', 'https://example.com/portal/').href).toBe('https://example.com/portal/api/me');
  });

  it('treats a base without a trailing slash like the browser does (its last segment is a file)', () => {
    expect(resolveAppUrl('ready', 'https://example.com/portal/index.html').href).toBe(
      'https://example.com/portal/ready',
    );
  });
});

describe('routerBasename', () => {
  it('is / at the root', () => {
    expect(routerBasename('http://localhost:5173/')).toBe('/');
  });

  it('is the base path without its trailing slash', () => {
    expect(routerBasename('https://example.com/portal/')).toBe('/portal');
    expect(routerBasename('https://example.com/a/b/')).toBe('/a/b');
  });
});

describe('routerPathname', () => {
  it('is the path below the basename', () => {
    expect(routerPathname('/', '/account')).toBe('/account');
    expect(routerPathname('/portal', '/portal/account')).toBe('/account');
    expect(routerPathname('/portal', '/portal')).toBe('/');
  });
});
