import type { PendingCheck } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';

const DAY_MS = 86_400_000;

/** Statuses an item leaves for good; anything else (Placed, In Progress, Awaiting Action) is still in flight. */
const FINISHED_STATUSES = ['Succeeded', 'Failed'];

/** Whole 24-hour periods from `since` to `now`: 3 days and 23 hours is 3. Never negative. */
export function wholeDaysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * The pending check of the device and contract pages (spec 4), for the line `cli` and one of its order items
 * (usually the contract's, which brought the line into service). The line is pending while any of its items is
 * unfinished: the given one or a later request for changes (a SIM swap, a bar, a regrade) placed on the same
 * line. `daysPending` counts from when the oldest unfinished item's order was placed, because that is how long
 * the customer has waited; a move from Placed to In Progress does not restart it.
 *
 * 404 when the line is outside the caller's estate or the item is not one of the line's.
 */
export async function pendingCheck(
  db: Kysely<Database>,
  scope: EstateScope,
  cli: string,
  orderItemId: number,
  now: Date,
): Promise<PendingCheck> {
  const line = await db
    .selectFrom('endpoints')
    .innerJoin('order_items', 'order_items.endpoint_id', 'endpoints.id')
    .select('endpoints.id')
    .where('endpoints.identifier', '=', cli)
    .where('endpoints.id', 'in', scope.endpoints())
    .where('order_items.id', '=', orderItemId)
    .executeTakeFirst();
  if (!line) throw notFound();

  const oldest = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.min('orders.created_date').as('placed'))
    .where('order_items.endpoint_id', '=', line.id)
    .where('order_items.status', 'not in', FINISHED_STATUSES)
    .executeTakeFirst();
  const placed = oldest?.placed ? new Date(oldest.placed) : undefined;
  return placed
    ? { isPending: true, daysPending: wholeDaysBetween(placed, now) }
    : { isPending: false, daysPending: 0 };
}
