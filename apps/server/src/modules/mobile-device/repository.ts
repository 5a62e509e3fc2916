import { ENDPOINT_TYPE } from '@portal/contract';
import { sql, type Transaction } from 'kysely';
import type { CarrierChange } from '../../carriers/mobile-carrier.js';
import { type Actor, writeAs } from '../../db/audit.js';
import { addOrderEvent } from '../../db/order-events.js';
import type { Database } from '../../db/schema.js';
import { endpointsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';

const LINE_COLUMNS = ['endpoints.id', 'endpoints.identifier', 'endpoints.supplier_id', 'endpoints.company_id'] as const;

/** A mobile line of the caller's estate with what a carrier call needs; undefined outside the estate. */
export function findMobileLine(scope: EstateScope, endpointId: number) {
  return scope.db
    .selectFrom('endpoints')
    .select(LINE_COLUMNS)
    .where('endpoints.id', '=', endpointId)
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
}
export type MobileLineRow = NonNullable<Awaited<ReturnType<typeof findMobileLine>>>;

/**
 * The line an order item is on, when that line is in the caller's estate (any kind: the caller compares it with
 * the line they named); undefined otherwise. One query, as the bar dialog's list asks it on every opening.
 */
export function lineOfVisibleItem(scope: EstateScope, orderItemId: number) {
  return scope.db
    .selectFrom('order_items')
    .innerJoin('endpoints', 'endpoints.id', 'order_items.endpoint_id')
    .select([...LINE_COLUMNS, 'endpoints.endpoint_type_id'])
    .where('order_items.id', '=', orderItemId)
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
}

/** What a stored request holds besides its columns: the line as the carrier knows it, the change, its summary. */
export type CarrierRequestPayload = {
  line: { cli: string; supplierId: number };
  change: CarrierChange;
  /** The change in words ('Change of SIM to 89…'), for the events of the order item. */
  summary: string;
  /** Whether the request writes events on its order item (the first carrier's `addEvent`). */
  addEvent: boolean;
};

export type NewCarrierRequest = {
  line: MobileLineRow;
  orderItemId: number;
  carrier: string;
  payload: CarrierRequestPayload;
};

/** JSON with every object's keys sorted: jsonb gives keys back in its own order, not the order they were written. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The open (queued or sent) requests of one kind of a line, oldest first. */
function openRequestsOfLine(trx: Transaction<Database>, endpointId: number, kind: CarrierChange['kind']) {
  return trx
    .selectFrom('carrier_requests')
    .select(['id', 'status', 'order_item_id', 'payload'])
    .where('endpoint_id', '=', endpointId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'sent'])
    .orderBy('id')
    .execute();
}

export type StoredRequest = { id: number; status: 'queued' | 'sent' };
export type StoreOutcome = { stored: StoredRequest } | { repeated: StoredRequest } | { otherOpen: StoredRequest };

/**
 * Stores a change for the worker, in one transaction as the user: the request (due now) and, unless the change
 * asks for none, an 'In Progress' event naming the user on the order item. The line's row is locked first, so two
 * submissions for one line are decided one after the other: a change equal to one still open on the line is that
 * request again (a double click), and another change of the same kind while one is open is refused
 * (docs/decisions/0087).
 */
export function storeRequest(
  db: EstateScope['db'],
  actor: Actor & { userId: number; userName: string },
  request: NewCarrierRequest,
): Promise<StoreOutcome> {
  return writeAs(db, actor, async (trx) => {
    await trx.selectFrom('endpoints').select('id').where('id', '=', request.line.id).forUpdate().execute();
    const open = await openRequestsOfLine(trx, request.line.id, request.payload.change.kind);
    const wanted = canonicalJson(request.payload.change);
    const same = open.find(
      (row) =>
        row.order_item_id === request.orderItemId &&
        canonicalJson((row.payload as CarrierRequestPayload).change) === wanted,
    );
    if (same) return { repeated: { id: same.id, status: same.status as StoredRequest['status'] } };
    const [first] = open;
    if (first) return { otherOpen: { id: first.id, status: first.status as StoredRequest['status'] } };

    const stored = await trx
      .insertInto('carrier_requests')
      .values({
        company_id: request.line.company_id,
        endpoint_id: request.line.id,
        order_item_id: request.orderItemId,
        requested_by_user_id: actor.userId,
        request_id: actor.requestId,
        carrier: request.carrier,
        kind: request.payload.change.kind,
        payload: JSON.stringify(request.payload),
        status: 'queued',
        next_attempt_at: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (request.payload.addEvent) {
      await addOrderEvent(trx, {
        orderItemId: request.orderItemId,
        userName: actor.userName,
        notes: `${request.payload.summary} (request ${stored.id})`,
        status: 'In Progress',
      });
    }
    return { stored: { id: stored.id, status: 'queued' } };
  });
}
