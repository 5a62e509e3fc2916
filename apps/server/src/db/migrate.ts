import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initialSchema from './migrations/0001-initial-schema.js';
import * as functionalityAndProfiles from './migrations/0002-functionality-and-profiles.js';
import * as signIn from './migrations/0003-sign-in.js';
import * as usageRollups from './migrations/0004-usage-rollups.js';
import * as searchIndexes from './migrations/0005-search-indexes.js';
import * as temporaryPasswords from './migrations/0006-temporary-passwords.js';
import * as diagnostics from './migrations/0007-diagnostics.js';
import * as faultReports from './migrations/0008-fault-reports.js';
import * as faultReportGroupKey from './migrations/0009-fault-report-group-key.js';

// Migrations are imported, not read from disk, so the bundled server carries them. Names sort in order.
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-functionality-and-profiles': functionalityAndProfiles,
  '0003-sign-in': signIn,
  '0004-usage-rollups': usageRollups,
  '0005-search-indexes': searchIndexes,
  '0006-temporary-passwords': temporaryPasswords,
  '0007-diagnostics': diagnostics,
  '0008-fault-reports': faultReports,
  '0009-fault-report-group-key': faultReportGroupKey,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type MigrationReport = { applied: string[] };

/** Brings the schema to the newest version; each migration runs in its own transaction. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationReport> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
