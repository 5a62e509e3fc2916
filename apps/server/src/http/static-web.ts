import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.js';
import { isApiPath } from './security-headers.js';

const INDEX_HTML = 'index.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, favicon) are revalidated on every use so a new release shows at once.
const REVALIDATE = 'no-cache';

/** The built web app, if there is one to serve; otherwise the server is API only. */
export function findWebDist(webDistDir: string | undefined): string | undefined {
  return webDistDir && existsSync(path.join(webDistDir, INDEX_HTML)) ? webDistDir : undefined;
}

export async function registerStaticWeb(app: FastifyInstance, root: string) {
  const assetsDir = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: [INDEX_HTML],
    // The web build writes .br and .gz copies; they go to browsers that accept them, with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/**
 * Browser navigations to client-side routes get the page the web build pre-rendered for their path, `login.html` for
 * /login (docs/decisions/0191), else index.html; everything else gets the JSON 404.
 */
export function spaFallback(root: string) {
  // The build writes `<route>.html` for the routes it pre-renders apart, each route one path segment.
  const pages = new Set(readdirSync(root).filter((file) => file.endsWith('.html')));
  return async function sendSpaPage(request: FastifyRequest, reply: FastifyReply) {
    if (!isSpaNavigation(request)) return sendNotFound(request, reply);
    return reply.code(200).sendFile(pageFor(pathnameOf(request), pages));
  };
}

function pageFor(pathname: string, pages: ReadonlySet<string>): string {
  const segment = /^\/([\w-]+)\/?$/.exec(pathname)?.[1];
  const page = `${segment}.html`;
  return segment !== undefined && pages.has(page) ? page : INDEX_HTML;
}

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

// The probes and the operator's metrics answer for themselves, even to a browser.
const SERVER_PATHS = ['/health', '/ready', '/metrics'];

function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = pathnameOf(request);
  if (isApiPath(pathname) || SERVER_PATHS.includes(pathname)) return false;
  // A missing hashed asset must fail loudly, not come back as HTML.
  if (pathname.startsWith('/assets/')) return false;
  return acceptsHtml(request.headers.accept);
}

function acceptsHtml(accept: string | undefined): boolean {
  return accept?.toLowerCase().includes('text/html') ?? false;
}
