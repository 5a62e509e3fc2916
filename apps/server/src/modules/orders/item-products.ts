import type { ContractProduct, ContractProductType } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The products ordered with an order item, of one type, in the contract products' shape (description, value as
 * the quantity, type), so the order page's Additional Products cell and the contract page's products card read
 * the same thing.
 */
export async function orderItemProducts(
  db: Kysely<Database>,
  orderItemId: number,
  type: ContractProductType,
): Promise<ContractProduct[]> {
  return db
    .selectFrom('order_item_products')
    .select(['description', 'quantity as value', 'kind as type'])
    .where('order_item_id', '=', orderItemId)
    .where('kind', '=', type)
    .orderBy('description')
    .orderBy('id')
    .execute();
}
