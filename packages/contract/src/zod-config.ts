import { z } from 'zod';

// Browsers run the portal under a Content-Security-Policy without 'unsafe-eval', so zod must not try to compile
// parsers with `new Function` there (the attempt alone is reported as a violation). This module is imported first
// by the package index so the setting precedes every schema the package builds; the server keeps zod's fast path.
if ('document' in globalThis) z.config({ jitless: true });
