import type { Kysely } from 'kysely';
import type { App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import { bearer } from '../support/test-app.js';

export const ACME = 'Acme Logistics Ltd';
export const GLOBEX = 'Globex Engineering Ltd';

/** A mobile line of the demo data with its contract's order item (where a change's events go). */
export type CarrierTestLine = { endpointId: number; cli: string; supplierId: number; orderItemId: number };

/**
 * The lines of a company that have a contract brought by an order item of their own, by endpoint id, with what a
 * carrier test needs; the caller narrows them (a carrier, a supplier) and picks one.
 */
export function linesWithOwnContract(db: Kysely<Database>, company: string) {
  return db
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .innerJoin('contracts', 'contracts.endpoint_id', 'endpoints.id')
    .innerJoin('order_items', (join) =>
      join
        .onRef('order_items.id', '=', 'contracts.order_item_id')
        .onRef('order_items.endpoint_id', '=', 'endpoints.id'),
    )
    .select([
      'endpoints.id as endpointId',
      'endpoints.identifier as cli',
      'endpoints.company_id as companyId',
      'endpoints.supplier_id as supplierId',
      'order_items.id as orderItemId',
    ])
    .where('companies.name', '=', company)
    .orderBy('endpoints.id')
    .orderBy('contracts.id');
}

/**
 * The `nth` (0-based, by endpoint id) mobile line of a company on one of `suppliers` that has a contract brought
 * by an order item of its own. Each test takes a line of its own, so one test's open request never meets another's.
 */
export async function carrierLine(
  db: Kysely<Database>,
  company: string,
  suppliers: readonly number[],
  nth = 0,
): Promise<CarrierTestLine> {
  const row = await linesWithOwnContract(db, company)
    .where('endpoints.supplier_id', 'in', suppliers)
    .offset(nth)
    .limit(1)
    .executeTakeFirst();
  if (!row || row.supplierId === null) throw new Error(`${company} has no line ${nth} on ${suppliers.join('/')}`);
  return { endpointId: row.endpointId, cli: row.cli, orderItemId: row.orderItemId, supplierId: row.supplierId };
}

/** A broadband contract of the demo data: its order item (the diagnostics routes' id), line and username. */
export type BroadbandTestLine = {
  endpointId: number;
  companyId: number;
  orderItemId: number;
  number: string;
  username: string | null;
};

/** The `nth` broadband contract of a company on a carrier (and product line, when given), by endpoint id. */
export async function broadbandLine(
  db: Kysely<Database>,
  company: string,
  carrierId: 494 | 588,
  { productLineId, nth = 0 }: { productLineId?: number; nth?: number } = {},
): Promise<BroadbandTestLine> {
  let lines = linesWithOwnContract(db, company)
    .select('order_items.username')
    .where('endpoints.carrier_id', '=', carrierId);
  if (productLineId !== undefined) lines = lines.where('endpoints.product_line_id', '=', productLineId);
  const row = await lines.offset(nth).limit(1).executeTakeFirst();
  if (!row) throw new Error(`${company} has no broadband line ${nth} on ${carrierId}/${productLineId ?? 'any'}`);
  const { endpointId, companyId, orderItemId, cli, username } = row;
  return { endpointId, companyId, orderItemId, number: cli, username };
}

/** The carrier requests and order events a line has, to see what a call wrote (or did not). */
export async function writesOf(db: Kysely<Database>, line: CarrierTestLine) {
  const requests = await db
    .selectFrom('carrier_requests')
    .selectAll()
    .where('endpoint_id', '=', line.endpointId)
    .orderBy('id')
    .execute();
  const events = await db
    .selectFrom('order_events')
    .select(['status', 'user_name', 'notes'])
    .where('order_item_id', '=', line.orderItemId)
    .orderBy('id')
    .execute();
  return { requests, events };
}

export type CallOptions = { token: string; method?: 'GET' | 'POST'; payload?: Record<string, unknown> };

/** A call of the portal's API as a signed-in user. */
export function call(app: App, url: string, options: CallOptions) {
  return app.inject({
    method: options.method ?? (options.payload ? 'POST' : 'GET'),
    url,
    headers: bearer(options.token),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** Runs the worker until the request is succeeded or failed (the simulator completes changes after a delay). */
export async function settle(app: App, db: Kysely<Database>, requestId: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.carrierWorker.runOnce();
    const row = await db
      .selectFrom('carrier_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    if (row.status === 'succeeded' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`request ${requestId} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Carrier timings short enough for a test to see a timeout and a circuit close again. */
export const TEST_CARRIER_TIMINGS = {
  timeoutMs: 500,
  retries: 1,
  backoffInitialMs: 10,
  backoffMaxMs: 40,
  breakAfterFailures: 50,
  halfOpenAfterMs: 200,
};
