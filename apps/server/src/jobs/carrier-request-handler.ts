import type { Transaction } from 'kysely';
import type { CarrierProgress } from '../carriers/mobile-carrier.js';
import { addOrderEvent } from '../db/order-events.js';
import type { Database } from '../db/schema.js';
import type { CarrierChangeOutcome } from '../mail/carrier-change-email.js';

/** Who the completion events are by: the portal itself, as the demo data's system events. */
export const SYSTEM_USER = 'System';

export type CarrierKey = Database['carrier_requests']['carrier'];
export type CarrierRequestKind = Database['carrier_requests']['kind'];

/** A request the worker claimed, as its row holds it. */
export type ClaimedRequest = {
  id: number;
  carrier: CarrierKey;
  kind: CarrierRequestKind;
  status: 'queued' | 'sent';
  payload: unknown;
  attempts: number;
  carrier_reference: string | null;
  order_item_id: number | null;
  requested_by_user_id: number | null;
  /** The id of the portal request that placed it (null for requests stored before ids were kept). */
  request_id: string | null;
  created_at: Date;
};

/**
 * What the worker needs to carry one family of requests to completion (docs/decisions/0101): how to send one,
 * how to follow it if the carrier decides later, and what a completion leaves behind besides the new status.
 * The worker owns the rest: claiming with a lease, retrying with backoff, and recording each step once.
 */
export interface CarrierRequestHandler {
  /** The requests it handles. */
  readonly kinds: readonly CarrierRequestKind[];
  readonly carriers: readonly CarrierKey[];
  /** The carrier's name, for failure reasons. */
  carrierName(carrier: CarrierKey): string;
  /**
   * Sends the request with the row id as the carrier's idempotency key. `settled` means the carrier's answer is
   * final (the fault is raised); otherwise the worker follows it with `progress`.
   */
  send(request: ClaimedRequest): Promise<{ reference: string; settled: boolean }>;
  progress?(request: ClaimedRequest, reference: string): Promise<CarrierProgress>;
  /** Writes the completion's events (and e-mail), in the transaction that records the new status. */
  completed(
    trx: Transaction<Database>,
    request: ClaimedRequest & { carrier_reference: string | null },
    outcome: CarrierChangeOutcome,
  ): Promise<void>;
}

/** The completion's event on the order item: Succeeded or Failed, by the portal itself. */
export async function addCompletionEvent(
  trx: Transaction<Database>,
  orderItemId: number,
  outcome: CarrierChangeOutcome,
  notes: string,
): Promise<void> {
  await addOrderEvent(trx, {
    orderItemId,
    userName: SYSTEM_USER,
    notes,
    status: outcome.state === 'failed' ? 'Failed' : 'Succeeded',
  });
}
