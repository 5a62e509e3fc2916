import {
  broadbandCarrierEntries,
  CARRIER_REGISTRY,
  type CarrierRegistry,
  carrierEntries,
  carrierRequestKey,
  mobileCarrierEntries,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Brings the carrier reference tables to the registry (docs/decisions/0165): each carrier, its suppliers or its
 * carrier id. Lines and stored requests name these by foreign key, so the registry alone says which ids the database
 * takes. Carriers are added or renamed, never removed: lines and requests of a carrier taken out of the registry
 * keep their history. The caller gives the transaction (a migration's, or migrateToLatest's own).
 */
export async function syncCarrierRegistry(db: Kysely<Database>, registry: CarrierRegistry = CARRIER_REGISTRY) {
  const carriers = carrierEntries(registry).map(([key, entry]) => ({
    key,
    kind: entry.kind,
    name: entry.name,
    request_key: carrierRequestKey(entry),
  }));
  const suppliers = mobileCarrierEntries(registry).flatMap(([key, entry]) =>
    entry.supplierIds.map((supplier_id) => ({ supplier_id, carrier: key })),
  );
  const broadband = broadbandCarrierEntries(registry).map(([key, entry]) => ({
    carrier_id: entry.carrierId,
    carrier: key,
  }));
  await db
    .insertInto('carriers')
    .values(carriers)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((row) => ({
        kind: row.ref('excluded.kind'),
        name: row.ref('excluded.name'),
        request_key: row.ref('excluded.request_key'),
      })),
    )
    .execute();
  if (suppliers.length > 0) {
    await db
      .insertInto('mobile_suppliers')
      .values(suppliers)
      .onConflict((conflict) =>
        conflict.column('supplier_id').doUpdateSet((row) => ({ carrier: row.ref('excluded.carrier') })),
      )
      .execute();
  }
  if (broadband.length > 0) {
    await db
      .insertInto('broadband_carriers')
      .values(broadband)
      .onConflict((conflict) =>
        conflict.column('carrier_id').doUpdateSet((row) => ({ carrier: row.ref('excluded.carrier') })),
      )
      .execute();
  }
}
