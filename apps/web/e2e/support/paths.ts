import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (this file is apps/web/e2e/support/paths.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The built server entry point: `npm run build -w @portal/server`. */
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** The built web app the server serves in production: `npm run build -w @portal/web`. */
export const webIndexHtml = path.join(repoRoot, 'apps/web/dist/index.html');

/** Where screenshots go (git-ignored). */
export const screenshotsDir = path.join(repoRoot, 'screenshots');
