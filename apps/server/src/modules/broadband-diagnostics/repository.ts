import { randomUUID } from 'node:crypto';
import { ENDPOINT_TYPE } from '@portal/contract';
import { endpointsInEstate } from '../../estate/conditions.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';

/**
 * The broadband contract of an order item in the caller's estate and on `carrierId` (docs/decisions/0095): another
 * company's item, a mobile line's or the other carrier's all answer 404 alike.
 */
export async function contractLineOf(scope: EstateScope, orderItemId: number, carrierId: number) {
  const line = await scope.db
    .selectFrom('order_items')
    .innerJoin('endpoints', 'endpoints.id', 'order_items.endpoint_id')
    .select([
      'order_items.id as orderItemId',
      'order_items.username',
      'endpoints.id as endpointId',
      'endpoints.company_id as companyId',
      'endpoints.identifier',
    ])
    .where('order_items.id', '=', orderItemId)
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.broadband)
    .where('endpoints.carrier_id', '=', carrierId)
    .where((eb) => endpointsInEstate(eb, scope))
    .executeTakeFirst();
  if (!line) throw notFound('No such broadband contract');
  return line;
}
export type ContractLine = Awaited<ReturnType<typeof contractLineOf>>;

/** Opens a diagnostics session on the line for the user. */
export async function createGroup(scope: EstateScope, line: ContractLine): Promise<string> {
  const id = randomUUID();
  await scope.db
    .insertInto('diagnostic_groups')
    .values({
      id,
      company_id: line.companyId,
      endpoint_id: line.endpointId,
      order_item_id: line.orderItemId,
      user_id: scope.caller.userId,
    })
    .execute();
  return id;
}

/** A group of this contract's line: another line's or an unknown group is 404 (the caller could see neither). */
export async function requireGroupOfLine(scope: EstateScope, groupId: string, line: ContractLine): Promise<void> {
  const group = await scope.db
    .selectFrom('diagnostic_groups')
    .select('id')
    .where('id', '=', groupId)
    .where('order_item_id', '=', line.orderItemId)
    .where('company_id', '=', line.companyId)
    .executeTakeFirst();
  if (!group) throw notFound('No such diagnostics group for this contract');
}

/** Records a test as started, before the carrier is asked; answers the run's id. */
export async function startRun(scope: EstateScope, groupId: string, test: string): Promise<number> {
  const run = await scope.db
    .insertInto('diagnostic_test_runs')
    .values({ group_id: groupId, test })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

export async function finishRun(scope: EstateScope, runId: number, success: boolean, result: unknown): Promise<void> {
  await scope.db
    .updateTable('diagnostic_test_runs')
    .set({ finished_at: new Date(), success, result: JSON.stringify(result) })
    .where('id', '=', runId)
    .execute();
}
