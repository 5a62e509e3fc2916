import type { Kysely } from 'kysely';
import { syncCarrierRegistry } from '../carrier-registry.js';
import type { Database } from '../schema.js';
import { runStatements } from './run-statements.js';

/*
 * The carriers become reference tables filled from the contract's registry (docs/decisions/0165), so the ids a line
 * or a stored request may name are the registry's, held by foreign keys, instead of numbers written into CHECKs.
 * The tables are filled here, before the keys are added, and again on every start (migrateToLatest), so a carrier
 * added to the registry needs no migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE carriers (
      key text PRIMARY KEY CHECK (key ~ '^[a-z][A-Za-z0-9]*$'),
      kind text NOT NULL CHECK (kind IN ('mobile', 'broadband')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      request_key text NOT NULL UNIQUE
    )`,
    `CREATE TABLE mobile_suppliers (
      supplier_id smallint PRIMARY KEY,
      carrier text NOT NULL REFERENCES carriers (key)
    )`,
    `CREATE TABLE broadband_carriers (
      carrier_id smallint PRIMARY KEY,
      carrier text NOT NULL REFERENCES carriers (key)
    )`,
  ]);
  await syncCarrierRegistry(db as Kysely<Database>);
  await runStatements(db, [
    'ALTER TABLE endpoints DROP CONSTRAINT endpoints_supplier_id_check',
    'ALTER TABLE endpoints DROP CONSTRAINT endpoints_carrier_id_check',
    'ALTER TABLE endpoints ADD FOREIGN KEY (supplier_id) REFERENCES mobile_suppliers (supplier_id)',
    'ALTER TABLE endpoints ADD FOREIGN KEY (carrier_id) REFERENCES broadband_carriers (carrier_id)',
    'ALTER TABLE carrier_requests DROP CONSTRAINT carrier_requests_carrier_check',
    'ALTER TABLE carrier_requests ADD FOREIGN KEY (carrier) REFERENCES carriers (request_key) ON UPDATE CASCADE',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE carrier_requests DROP CONSTRAINT carrier_requests_carrier_fkey',
    'ALTER TABLE endpoints DROP CONSTRAINT endpoints_carrier_id_fkey',
    'ALTER TABLE endpoints DROP CONSTRAINT endpoints_supplier_id_fkey',
    'DROP TABLE broadband_carriers',
    'DROP TABLE mobile_suppliers',
    'DROP TABLE carriers',
  ]);
}
