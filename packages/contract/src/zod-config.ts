// Browsers run the portal under a Content-Security-Policy without 'unsafe-eval', so zod must not try to compile
// parsers with `new Function` there (the attempt alone is reported as a violation). This module is imported first
// by the package index, and by the web app's entry, so the setting precedes every parse; the server keeps zod's fast
// path. zod keeps its configuration on globalThis.__zod_globalConfig (shared by every copy of zod) and adopts an
// object already there: writing it directly, rather than through z.config(), keeps zod's core (4 kB gzip) out of
// the sign-in page. zod-config.test.ts fails if zod stops reading its configuration from there.

declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

if ('document' in globalThis) globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
