import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * A digest of each table's every row, to tell whether anything in them changed: equal digests mean the same rows
 * (order aside). Meant for the small tables a test watches; it reads every row.
 */
export async function fingerprintOf(
  db: Kysely<Database>,
  tables: readonly (keyof Database)[],
): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<{ digest: string }>`
      SELECT count(*) || ':' || md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS digest
      FROM ${sql.table(table)} t`.execute(db);
    digests[table] = rows[0]?.digest ?? '';
  }
  return digests;
}
