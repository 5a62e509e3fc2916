import { alertBarOf, CARRIER_REGISTRY, carrierRequestKey, type NotificationBarState } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CarrierChange } from './mobile-carrier.js';

// The bars spend alerts place and lift (decisions 0213, 0214): ordinary call barring requests of the line, sent by
// the durable worker as a user's bar change is, with their 'In Progress' event on the line's order item.

export type AlertBarKind = 'data' | 'calls';
export type RequestStatus = 'queued' | 'sent' | 'succeeded' | 'failed';

/** The bar an action places. */
export const BAR_OF_ACTION = { none: null, barData: 'data', barCalls: 'calls' } as const satisfies Record<
  string,
  AlertBarKind | null
>;

const BAR_NAMES: Record<AlertBarKind, string> = { data: 'mobile data', calls: 'chargeable calls' };

/** Who the order event names when the portal itself placed the bar. */
export const SYSTEM_REQUESTER = 'Spend alert';

/**
 * Where a notice's bar stands, from its requests: the bar's request queued or sent (requested), done (applied) or
 * refused (failed); once an undo is asked, that request's (an undo the carrier refused leaves the bar applied).
 */
export function barStateOf(bar: RequestStatus | null, undo: RequestStatus | null): NotificationBarState {
  if (undo === 'queued' || undo === 'sent') return 'undoRequested';
  if (undo === 'succeeded') return 'undone';
  if (bar === 'succeeded' || bar === null) return 'applied';
  if (bar === 'failed') return 'failed';
  return 'requested';
}

/** The carrier of a supplier, as its requests are stored. */
function requestKeyOf(supplierId: number): string | undefined {
  for (const entry of Object.values(CARRIER_REGISTRY)) {
    if (entry.kind === 'mobile' && (entry.supplierIds as readonly number[]).includes(supplierId)) {
      return carrierRequestKey(entry);
    }
  }
  return undefined;
}

export type BarLine = { endpointId: number; companyId: number; supplierId: number | null; cli: string };

/** The line's bar of the kind, as its network names it; undefined when its carrier is not integrated. */
export function alertBarOfLine(line: BarLine, kind: AlertBarKind) {
  if (line.supplierId === null) return undefined;
  const bar = alertBarOf(line.supplierId, kind);
  const carrier = requestKeyOf(line.supplierId);
  return bar === undefined || carrier === undefined ? undefined : { bar, carrier, supplierId: line.supplierId };
}

/** A line and one of its bars, as the batch functions below key them. */
export type LineBar = { endpointId: number; bar: number | string };
const keyOf = ({ endpointId, bar }: LineBar) => `${endpointId}:${bar}`;

/**
 * For each line and bar, the line's request that already places or placed the bar: one queued or sent adding it,
 * else the last settled request that named it, when it added it and succeeded (the bar is on). Lines whose bar is
 * to be placed are absent from the answer, which is keyed `endpointId:bar`. One statement for the whole batch.
 */
export async function existingBarRequests(
  trx: Kysely<Database>,
  wanted: readonly LineBar[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (wanted.length === 0) return found;
  const { rows } = await sql<{ endpoint_id: number; bar: string; request_id: number | null }>`
    SELECT w.endpoint_id, w.bar, coalesce(pending.id, CASE WHEN last.adds THEN last.id END) AS request_id
    FROM unnest(${sql.val(wanted.map((w) => w.endpointId))}::integer[],
                ${sql.val(wanted.map((w) => JSON.stringify([w.bar])))}::jsonb[],
                ${sql.val(wanted.map((w) => String(w.bar)))}::text[]) AS w (endpoint_id, named, bar)
    LEFT JOIN LATERAL (
      SELECT id FROM carrier_requests
      WHERE endpoint_id = w.endpoint_id AND kind = 'call_barring' AND status IN ('queued', 'sent')
        AND payload->'change'->'add' @> w.named
      ORDER BY id DESC LIMIT 1
    ) pending ON true
    LEFT JOIN LATERAL (
      SELECT id, payload->'change'->'add' @> w.named AS adds FROM carrier_requests
      WHERE endpoint_id = w.endpoint_id AND kind = 'call_barring' AND status = 'succeeded'
        AND (payload->'change'->'add' @> w.named OR payload->'change'->'remove' @> w.named)
      ORDER BY id DESC LIMIT 1
    ) last ON true`.execute(trx);
  for (const row of rows) {
    if (row.request_id !== null) found.set(`${row.endpoint_id}:${row.bar}`, row.request_id);
  }
  return found;
}

/** The order item each line's events go on: that of its latest contract, as the device page shows them. */
async function orderItemsOfLines(trx: Kysely<Database>, endpointIds: readonly number[]) {
  const rows = await trx
    .selectFrom('contracts')
    .select(['endpoint_id', 'order_item_id'])
    .distinctOn('endpoint_id')
    .where(sql<boolean>`endpoint_id = ANY(${sql.val([...new Set(endpointIds)])}::integer[])`)
    .orderBy('endpoint_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.endpoint_id, row.order_item_id]));
}

export type BarRequestInput = {
  line: BarLine;
  kind: AlertBarKind;
  lift: boolean;
  requester: { userId: number; userName: string } | null;
  requestId: string | null;
};

/**
 * Queues call barring requests placing (or, `lift`, removing) each line's bar of the kind, with their 'In Progress'
 * events, in three statements however many; answers each request's id keyed `endpointId:bar` (lines whose carrier
 * is not integrated have none). One request per line and bar: a repeat in the batch shares the first's.
 * `requester` null: the portal.
 */
export async function queueBarRequests(
  trx: Kysely<Database>,
  inputs: readonly BarRequestInput[],
): Promise<Map<string, number>> {
  const placed = new Map<string, number>();
  const planned = new Map<string, { input: BarRequestInput; target: NonNullable<ReturnType<typeof alertBarOfLine>> }>();
  for (const input of inputs) {
    const target = alertBarOfLine(input.line, input.kind);
    const key = target && keyOf({ endpointId: input.line.endpointId, bar: target.bar });
    if (target && key && !planned.has(key)) planned.set(key, { input, target });
  }
  if (planned.size === 0) return placed;
  const orderItems = await orderItemsOfLines(
    trx,
    [...planned.values()].map(({ input }) => input.line.endpointId),
  );
  const rows = [...planned.values()].map(({ input, target }) => {
    const orderItemId = orderItems.get(input.line.endpointId) ?? null;
    const summary = input.lift
      ? `Spend alert bar lifted: ${BAR_NAMES[input.kind]}`
      : `Spend alert bar: ${BAR_NAMES[input.kind]}`;
    // The payload of a user's bar change (modules/mobile-device/repository.ts), so the worker sends it alike.
    const payload: {
      line: { cli: string; supplierId: number };
      change: CarrierChange;
      summary: string;
      addEvent: boolean;
    } = {
      line: { cli: input.line.cli, supplierId: target.supplierId },
      change: { kind: 'call_barring', add: input.lift ? [] : [target.bar], remove: input.lift ? [target.bar] : [] },
      summary,
      addEvent: orderItemId !== null,
    };
    return {
      company_id: input.line.companyId,
      endpoint_id: input.line.endpointId,
      order_item_id: orderItemId,
      requested_by_user_id: input.requester?.userId ?? null,
      request_id: input.requestId,
      carrier: target.carrier,
      kind: 'call_barring' as const,
      payload: JSON.stringify(payload),
      status: 'queued' as const,
      next_attempt_at: sql<Date>`now()`,
    };
  });
  const stored = await trx
    .insertInto('carrier_requests')
    .values(rows)
    .returning([
      'id',
      'endpoint_id',
      'order_item_id',
      sql<string>`coalesce(payload->'change'->'add'->>0, payload->'change'->'remove'->>0)`.as('bar'),
      sql<string>`payload->>'summary'`.as('summary'),
    ])
    .execute();
  const events = [];
  for (const request of stored) {
    const key = `${request.endpoint_id}:${request.bar}`;
    placed.set(key, request.id);
    const requester = planned.get(key)?.input.requester;
    if (request.order_item_id !== null) {
      events.push({
        order_item_id: request.order_item_id,
        created_date: sql<Date>`now()`,
        user_name: requester?.userName ?? SYSTEM_REQUESTER,
        notes: `${request.summary} (request ${request.id})`,
        status: 'In Progress' as const,
      });
    }
  }
  if (events.length > 0) await trx.insertInto('order_events').values(events).execute();
  return placed;
}

/** {@link queueBarRequests} for one line: the request's id, or undefined when its carrier is not integrated. */
export async function queueBarRequest(trx: Kysely<Database>, input: BarRequestInput) {
  const placed = await queueBarRequests(trx, [input]);
  return placed.values().next().value;
}
