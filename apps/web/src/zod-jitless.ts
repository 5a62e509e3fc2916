import { z } from 'zod';

// zod compiles fast parsers with `new Function`, which the strict Content-Security-Policy (no unsafe-eval) forbids,
// and even its probe for it is reported as a violation. Imported first by main.tsx, so it runs before any schema
// module does; the interpreted parsers are plenty fast in a browser.
z.config({ jitless: true });
