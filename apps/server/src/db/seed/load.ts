import { sql } from 'kysely';
import { hashPassword } from '../../auth/password-hashing.js';
import type { DatabaseHandle } from '../connection.js';
import { FILL_UNBILLED_CALLS } from '../migrations/0017-unbilled-calls-rollup.js';
import { FILL_USAGE_DAILY } from '../migrations/0031-usage-daily.js';
import { CDR_COLUMNS } from './billing.js';
import { PASSWORD_FOR_DEMO_ACCOUNTS } from './catalogue.js';
import { generateDemoData } from './generate.js';
import { DEFAULT_SEED } from './random.js';
import type { SeedSize } from './sizes.js';
import type { ReferenceData } from './users.js';

export type LoadOptions = {
  size: SeedSize;
  seed?: number;
  /** 'YYYY-MM-DD'; defaults to today, so the demo always shows recent bills. */
  anchorDay?: string;
  onProgress?: (step: string, rows: number, elapsedMs: number) => void;
};

export type LoadReport = { rows: Record<string, number>; elapsedMs: number };

/** Tables with an identity column whose sequence must move past the ids the loader chose. */
const tablesWithIds = [
  'partners',
  'partner_contacts',
  'companies',
  'addresses',
  'sites',
  'teams',
  'endpoints',
  'users',
  'orders',
  'order_items',
  'order_item_products',
  'order_events',
  'contracts',
  'contract_products',
  'invoices',
  'messages',
  'faqs',
];

/**
 * Loads demo data into a migrated, empty database with COPY, then derives what the database can compute itself:
 * monthly usage rollups and invoice totals from the call-detail records, each order's slowest item.
 * The marker row goes in last, so an interrupted load is recognisable.
 */
export async function loadDemoData(handle: DatabaseHandle, options: LoadOptions): Promise<LoadReport> {
  const started = Date.now();
  const progress = (step: string, rows: number) => options.onProgress?.(step, rows, Date.now() - started);
  const { db } = handle;
  const seed = options.seed ?? DEFAULT_SEED;
  const anchorDay = options.anchorDay ?? new Date().toISOString().slice(0, 10);

  const existing = await db.selectFrom('partners').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0)
    throw new Error('The database already holds data; demo data loads only into an empty one.');

  const generated = generateDemoData({
    size: options.size,
    seed,
    anchorDay,
    reference: await readReferenceData(handle),
    // One hash for every demo account: they share the published demo password anyway.
    passwordHash: await hashPassword(PASSWORD_FOR_DEMO_ACCOUNTS),
  });
  progress('generated', 0);

  const rows: Record<string, number> = {};
  for (const table of generated.data.tables()) {
    if (table.rows.length === 0) continue;
    const copied = await handle.copyRows(table.table, table.columns, table.values());
    rows[table.table] = copied;
    progress(table.table, copied);
  }
  rows.call_detail_records = await handle.copyRows('call_detail_records', CDR_COLUMNS, generated.callDetailRecords());
  progress('call_detail_records', rows.call_detail_records);

  await db.transaction().execute(async (trx) => {
    // Derived columns of bulk-loaded rows: not user writes, so the audit trigger is told to skip them.
    await sql`SELECT set_config('portal.bulk_load', 'on', true)`.execute(trx);
    await sql`INSERT INTO usage_monthly (endpoint_id, company_id, month, cost, duration, calls, bytes)
      SELECT r.endpoint_id, e.company_id, date_trunc('month', r.started_at AT TIME ZONE 'Europe/London')::date,
             sum(r.cost), sum(r.duration), count(*) FILTER (WHERE r.record_type = 'voice'), sum(r.bytes)
      FROM call_detail_records r JOIN endpoints e ON e.id = r.endpoint_id
      GROUP BY 1, 2, 3`.execute(trx);
    rows.usage_monthly = Number(
      (await trx.selectFrom('usage_monthly').select(trx.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
    progress('usage_monthly', rows.usage_monthly);

    await sql.raw(FILL_UNBILLED_CALLS).execute(trx);
    await sql.raw(FILL_USAGE_DAILY).execute(trx);

    await sql`UPDATE invoices i SET calls = t.calls, duration = t.duration, bytes = t.bytes, usage_charges = t.usage_charges
      FROM (SELECT invoice_id, count(*) FILTER (WHERE record_type = 'voice') AS calls, sum(duration) AS duration,
                   sum(bytes) AS bytes, round(sum(cost), 2) AS usage_charges
            FROM call_detail_records WHERE invoice_id IS NOT NULL GROUP BY invoice_id) t
      WHERE t.invoice_id = i.id`.execute(trx);
    await sql`UPDATE invoices SET vat = round((usage_charges + fixed_charges) * 0.2, 2),
                                  invoice_amount = usage_charges + fixed_charges + round((usage_charges + fixed_charges) * 0.2, 2)`.execute(
      trx,
    );
    await sql`UPDATE orders o SET slowest_order_item_status = s.status, slowest_order_item_stage = s.stage
      FROM (SELECT DISTINCT ON (order_id) order_id, status, stage FROM order_items
            ORDER BY order_id, order_item_rank(status, stage), id) s
      WHERE s.order_id = o.id`.execute(trx);
  });
  progress('derived totals', 0);

  for (const table of tablesWithIds) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
  await sql`ANALYZE`.execute(db);
  await db.insertInto('demo_data').values({ size: options.size, seed, anchor_date: anchorDay }).execute();
  progress('done', 0);
  return { rows, elapsedMs: Date.now() - started };
}

async function readReferenceData(handle: DatabaseHandle): Promise<ReferenceData> {
  const profiles = await handle.db.selectFrom('profiles').select(['id', 'name', 'level']).execute();
  const grants = await handle.db
    .selectFrom('profile_functionality')
    .select(['profile_id', 'functionality_id'])
    .execute();
  const profileFunctionality = new Map<number, number[]>();
  for (const grant of grants) {
    const list = profileFunctionality.get(grant.profile_id) ?? [];
    list.push(grant.functionality_id);
    profileFunctionality.set(grant.profile_id, list);
  }
  for (const list of profileFunctionality.values()) list.sort((a, b) => a - b);
  return { profiles: new Map(profiles.map((p) => [p.name, { id: p.id, level: p.level }])), profileFunctionality };
}
