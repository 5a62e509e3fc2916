import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export type OrderEvent = {
  orderItemId: number;
  userName: string;
  notes: string;
  status: 'In Progress' | 'Succeeded' | 'Failed';
};

/** Adds an event to an order item's history, the one the contract and device pages show newest first. */
export async function addOrderEvent(trx: Transaction<Database>, event: OrderEvent): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      order_item_id: event.orderItemId,
      created_date: sql<Date>`now()`,
      user_name: event.userName,
      notes: event.notes,
      status: event.status,
    })
    .execute();
}
