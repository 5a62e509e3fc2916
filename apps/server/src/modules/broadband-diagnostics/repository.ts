import { randomUUID } from 'node:crypto';
import { ENDPOINT_TYPE } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import { endpointsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';

// The broadband line behind `/api/{bbservice}/{id}/...` and its diagnostics sessions (docs/decisions/0095, 0099).
// The fault report finds its line and group here too (0098), so both answer the same 404s.

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

/**
 * A diagnostics group of this contract's line, and whether a test of it finished: another line's or an unknown
 * group is 404 (the caller could see neither).
 */
export async function requireGroupOfLine(scope: EstateScope, groupId: string, line: ContractLine) {
  const group = await scope.db
    .selectFrom('diagnostic_groups')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('diagnostic_test_runs')
            .select('diagnostic_test_runs.id')
            .whereRef('diagnostic_test_runs.group_id', '=', 'diagnostic_groups.id')
            .where('diagnostic_test_runs.finished_at', 'is not', null),
        )
        .as('hasFinishedRun'),
    )
    .where('diagnostic_groups.id', '=', groupId)
    .where('diagnostic_groups.order_item_id', '=', line.orderItemId)
    .where('diagnostic_groups.company_id', '=', line.companyId)
    .executeTakeFirst();
  if (!group) throw notFound('No such diagnostics group for this line');
  return { hasFinishedRun: Boolean(group.hasFinishedRun) };
}

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
