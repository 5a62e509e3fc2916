import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../connection.js';

/**
 * On start: an empty database gets the small demo data; one that finished a load is left alone; one with data
 * but no finished load (an interrupted first start) stops the start with the way out, rather than guessing.
 */
export async function ensureDemoData(handle: DatabaseHandle, seed: 'small' | 'none', log: FastifyBaseLogger) {
  if (seed === 'none') return;
  const { db } = handle;
  const marker = await db.selectFrom('demo_data').select(['size', 'loaded_at']).executeTakeFirst();
  if (marker) {
    log.info({ size: marker.size, loadedAt: marker.loaded_at }, 'demo data already loaded');
    return;
  }
  const partners = await db.selectFrom('partners').select('id').limit(1).executeTakeFirst();
  if (partners) {
    throw new Error(
      'The database holds data from a demo-data load that did not finish. Remove DATA_DIR (embedded database) ' +
        'or run `npm run seed -- small --reset` (PostgreSQL), then start again.',
    );
  }
  log.info('loading the small demo data (first start)');
  const { loadDemoData } = await importDemoDataLoader();
  const report = await loadDemoData(handle, { size: 'small' });
  log.info({ rows: report.rows, elapsedMs: report.elapsedMs }, 'demo data loaded');
}

/**
 * The generator (and @faker-js/faker, a development dependency) is loaded only when an empty database is to get
 * the demo data, so a production install without development dependencies starts with SEED=none (decision 0201).
 */
async function importDemoDataLoader() {
  try {
    return await import('./load.js');
  } catch (error) {
    if (isMissingPackage(error)) {
      throw new Error(
        'SEED=small loads the demo data, whose generator needs the development dependencies ' +
          '(@faker-js/faker), and this installation has production dependencies only: set SEED=none, or ' +
          'install with `npm ci` (development dependencies included).',
        { cause: error },
      );
    }
    throw error;
  }
}

function isMissingPackage(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_MODULE_NOT_FOUND';
}
