import { randomUUID } from 'node:crypto';
import type { EstateScope } from '../../estate/estate-scope.js';
import type { ContractLine } from '../broadband-lines/repository.js';

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
