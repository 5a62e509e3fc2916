import { alertBarOf, CARRIER_REGISTRY, carrierRequestKey, type NotificationBarState } from '@portal/contract';
import { sql, type Transaction } from 'kysely';
import { addOrderEvent } from '../db/order-events.js';
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

/**
 * The line's request that already places or placed the bar: one queued or sent adding it, else the last settled
 * request that named it, when it added it and succeeded (the bar is on). Undefined when the bar is to be placed.
 */
export async function existingBarRequest(trx: Transaction<Database>, endpointId: number, bar: number | string) {
  const named = sql<boolean>`(payload->'change'->'add' @> ${JSON.stringify([bar])}::jsonb
    OR payload->'change'->'remove' @> ${JSON.stringify([bar])}::jsonb)`;
  const adds = sql<boolean>`payload->'change'->'add' @> ${JSON.stringify([bar])}::jsonb`;
  const pending = await trx
    .selectFrom('carrier_requests')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('kind', '=', 'call_barring')
    .where('status', 'in', ['queued', 'sent'])
    .where(adds)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (pending) return pending.id;
  const last = await trx
    .selectFrom('carrier_requests')
    .select(['id', 'status', adds.as('adds')])
    .where('endpoint_id', '=', endpointId)
    .where('kind', '=', 'call_barring')
    .where('status', '=', 'succeeded')
    .where(named)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.adds ? last.id : undefined;
}

/** The order item a line's events go on: that of its latest contract, as the device page shows them. */
async function orderItemOfLine(trx: Transaction<Database>, endpointId: number) {
  const row = await trx
    .selectFrom('contracts')
    .select('order_item_id')
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.order_item_id ?? null;
}

/**
 * Queues a call barring request placing (or, `lift`, removing) the line's bar of the kind, with its 'In Progress'
 * event; answers its id, or undefined when the line's carrier is not integrated. `requester` null: the portal.
 */
export async function queueBarRequest(
  trx: Transaction<Database>,
  input: {
    line: BarLine;
    kind: AlertBarKind;
    lift: boolean;
    requester: { userId: number; userName: string } | null;
    requestId: string | null;
  },
): Promise<number | undefined> {
  const target = alertBarOfLine(input.line, input.kind);
  if (!target) return undefined;
  const orderItemId = await orderItemOfLine(trx, input.line.endpointId);
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
  const stored = await trx
    .insertInto('carrier_requests')
    .values({
      company_id: input.line.companyId,
      endpoint_id: input.line.endpointId,
      order_item_id: orderItemId,
      requested_by_user_id: input.requester?.userId ?? null,
      request_id: input.requestId,
      carrier: target.carrier,
      kind: 'call_barring',
      payload: JSON.stringify(payload),
      status: 'queued',
      next_attempt_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (orderItemId !== null) {
    await addOrderEvent(trx, {
      orderItemId,
      userName: input.requester?.userName ?? SYSTEM_REQUESTER,
      notes: `${summary} (request ${stored.id})`,
      status: 'In Progress',
    });
  }
  return stored.id;
}
