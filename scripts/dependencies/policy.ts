/** What the server's container image installs with `npm ci --omit=dev` (Dockerfile, decision 0201). */
export const SERVER_IMAGE_WORKSPACES = ['apps/server', 'packages/contract'] as const;

/**
 * The workspaces whose production dependencies reach users: the server's image, and the web app, whose
 * dependencies are bundled into the pages it serves (decision 0202).
 */
export const SHIPPED_WORKSPACES = [...SERVER_IMAGE_WORKSPACES, 'apps/web'] as const;

/** Packages that must never be in the server's production tree, and why. */
export const NEVER_IN_PRODUCTION: Readonly<Record<string, string>> = {
  '@faker-js/faker': 'the demo-data generator only; the image starts with SEED=none',
  autocannon: 'a bench tool',
  lighthouse: 'a bench tool',
  '@portal/bench': 'the benchmarks',
  '@portal/carrier-sim': 'the carrier simulators, which tests and the demo run beside the server',
};
