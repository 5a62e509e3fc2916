import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canAccess, OPERATION_LIST, pathParamNames } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { useDemoApp } from '../support/test-app.js';
import { operationLabel, paramTargetOf, toInject } from './sweep-requests.js';
import { deletionsLast, exampleCallOf, lineKindOf, openSweepWorld, requestOf, type SweepWorld } from './sweep-world.js';
import { isKnownTarget, TARGETS } from './target-ids.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-foreign-sweep-'));
// The carrier routes reach the carriers: the simulator answers for them, as in development.
const carriers = useCarrierSimulator();
const context = useDemoApp(() => ({ DATA_DIR: dataDir, CARRIER_SIM_URL: carriers.sim.url }));
let world: SweepWorld;

beforeAll(async () => {
  world = await openSweepWorld(context.app, context.database);
});

const WITH_PARAMS = deletionsLast(OPERATION_LIST.filter(({ operation }) => pathParamNames(operation.path).length > 0));

describe('foreign ids sweep: every id or line-number path parameter', () => {
  // Said here as well as in the fixture, so the report shows which parameters the sweep cannot test, and why.
  for (const { operation } of WITH_PARAMS) {
    for (const name of pathParamNames(operation.path)) {
      const target = paramTargetOf(operation, name);
      const foreign = target && isKnownTarget(target) ? TARGETS[target].foreign : undefined;
      if (foreign && 'skip' in foreign) it.skip(`${operationLabel(operation)} :${name}: ${foreign.skip}`, () => {});
    }
  }

  it("answers 404 to another company's record (another partner's, for messages), the other parameters own", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const named of WITH_PARAMS) {
      const { operation } = named;
      const label = operationLabel(operation);
      // acme.admin holds every functionality; role operations are the partner staff's.
      const caller = world.caller(
        typeof operation.access === 'object' && 'role' in operation.access ? 'northwind.staff' : 'acme.admin',
      );
      if (!canAccess(operation.access, caller.held, caller.roles)) {
        failures.push(`${label}: ${caller.name} cannot call it; give the sweep a caller that can`);
        continue;
      }
      const own = await exampleCallOf(named, caller);
      // The same call with every id its own must pass, or a 404 below would prove nothing.
      const control = await world.inject(toInject(operation, requestOf(named, own, caller)));
      requests += 1;
      if (control.statusCode >= 300)
        failures.push(`${label} with its own ids: expected 2xx, got ${control.statusCode}`);

      for (const name of pathParamNames(operation.path)) {
        const target = paramTargetOf(operation, name);
        if (target === undefined) {
          failures.push(`${label} :${name} has no target: declare it with idParam() or cliParam() of the contract`);
          continue;
        }
        if (!isKnownTarget(target)) {
          failures.push(
            `${label} :${name} names '${target}', which the sweep fixture does not know: add it to TARGETS`,
          );
          continue;
        }
        const { foreign } = TARGETS[target];
        if ('skip' in foreign) continue;
        const params = { ...own.params, [name]: encodeURIComponent(foreign(world.foreign[lineKindOf(named)])) };
        // The call changes state when the guard fails: the example is built afresh for each case.
        const call = { ...(await exampleCallOf(named, caller)), params };
        const response = await world.inject(toInject(operation, requestOf(named, call, caller)));
        requests += 1;
        if (response.statusCode !== 404) {
          failures.push(
            `${label} :${name}=${decodeURIComponent(params[name] ?? '')} (foreign ${target}): expected 404, got ${response.statusCode}`,
          );
        }
      }
    }
    console.info(`foreign ids sweep: ${WITH_PARAMS.length} operations with path parameters, ${requests} requests`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('left the database as it was after every refused write', () => {
    console.info(`foreign ids sweep: ${world.refusals.checked} refused writes checked for committed changes`);
    expect(world.refusals.checked).toBeGreaterThan(0);
    expect(world.refusals.changed).toEqual([]);
  });
});
