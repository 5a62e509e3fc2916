// `npm run bench -- <name> [args]`: runs one benchmark; with no name, lists them.
// A module (top-level await), though it exports nothing.
export {};

const benchmarks: Record<string, { summary: string; load: () => Promise<{ run(args: string[]): Promise<void> }> }> = {
  'bundle-size': {
    summary: 'raw and gzip sizes of the JS and CSS the login page loads, against a 200 kB budget (builds; --no-build)',
    load: () => import('./bundle-size.js'),
  },
  'data-size': {
    summary: 'row counts and on-disk sizes of every table of DATABASE_URL (run after `npm run seed:large`)',
    load: () => import('./data-size.js'),
  },
  'device-page': {
    summary: "the mobile device page's calls for the largest company of the large data set (DATABASE_URL; after build)",
    load: () => import('./device-page.js'),
  },
  'every-get': {
    summary:
      "every GET of the contract's table for the largest company of the large data set (DATABASE_URL; after build)",
    load: () => import('./every-get.js'),
  },
  explain: {
    summary: 'EXPLAIN (ANALYZE, BUFFERS) of the statements of API paths, as the largest company (DATABASE_URL; built)',
    load: () => import('./explain.js'),
  },
  'forgot-password': {
    summary: 'answer time of forgot password with matching and non-matching details (PostgreSQL; after a build)',
    load: () => import('./forgot-password.js'),
  },
  'graceful-stop': {
    summary: 'SIGTERM under load: every call the server took is answered and it exits 0 (after `npm run build`)',
    load: () => import('./graceful-stop.js'),
  },
  'job-queue': {
    summary:
      'pg-boss next to the carrier-request worker pattern: enqueue, drain by 1 and 2 workers, latency (PostgreSQL)',
    load: () => import('./job-queue.js'),
  },
  lighthouse: {
    summary: 'Lighthouse mobile performance of /login and the signed-in home page, median of 3 (after `npm run build`)',
    load: () => import('./lighthouse.js'),
  },
  'orders-and-search': {
    summary:
      'global search and the order lists under concurrent load on the large data set (DATABASE_URL; after a build)',
    load: () => import('./orders-and-search.js'),
  },
  overhead: {
    summary: "five calls' rate through the API next to their own SQL straight through pg (DATABASE_URL; after build)",
    load: () => import('./overhead.js'),
  },
  'production-load': {
    summary:
      'a mix of portal sessions through nginx to two instances on PostgreSQL and Redis, against /health (--soak; built)',
    load: () => import('./production-load.js'),
  },
  'scale-curve': {
    summary: 'the device list and search at 1, 10, 100, 1,000 and 8,735 lines per company, p95 per size (after build)',
    load: () => import('./scale-curve.js'),
  },
  'sign-in-and-lists': {
    summary: 'login and list calls under concurrent load on the small data set (after `npm run build`)',
    load: () => import('./sign-in-and-lists.js'),
  },
  'spend-alerts': {
    summary:
      'one evaluation of thousands of spend alert rules after a day of records on every line (DATABASE_URL, large set)',
    load: () => import('./spend-alerts.js'),
  },
  usage: {
    summary: 'usage charts of the largest company on the large data set, p95 < 50 ms (BENCH_DATABASE_URL; after build)',
    load: () => import('./usage.js'),
  },
};

const [name, ...args] = process.argv.slice(2);
const benchmark = name ? benchmarks[name] : undefined;
if (!benchmark) {
  console.log('Benchmarks (npm run bench -- <name>):');
  for (const [key, { summary }] of Object.entries(benchmarks)) console.log(`  ${key.padEnd(18)} ${summary}`);
  process.exit(name ? 2 : 0);
}
await (await benchmark.load()).run(args);
