import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canAccess, OPERATION_LIST } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { useDemoApp } from '../support/test-app.js';
import { EXAMPLES } from './examples.js';
import { operationKey, operationLabel, toInject } from './sweep-requests.js';
import {
  type Caller,
  deletionsLast,
  exampleCallOf,
  openSweepWorld,
  requestOf,
  SWEEP_ACCOUNTS,
  type SweepWorld,
} from './sweep-world.js';

// Bill files are made on first download under DATA_DIR (e-mails wait in email_outbox: the tests' sender is off).
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-access-sweep-'));
// The carrier routes reach the carriers: the simulator answers for them, as in development.
const carriers = useCarrierSimulator();
const context = useDemoApp(() => ({ DATA_DIR: dataDir, CARRIER_SIM_URL: carriers.sim.url }));
let world: SweepWorld;

beforeAll(async () => {
  world = await openSweepWorld(context.app, context.database);
});

describe('the examples of the sweeps', () => {
  it("are accepted by their operations' schemas", async () => {
    const refused: string[] = [];
    const caller = world.caller('acme.admin');
    for (const named of OPERATION_LIST) {
      if (!EXAMPLES[operationKey(named)]) continue;
      const { operation } = named;
      const call = await exampleCallOf(named, caller);
      const query = operation.query?.safeParse(call.query);
      if (query && !query.success) refused.push(`${operationLabel(operation)} query: ${query.error.message}`);
      const body = operation.body?.safeParse(call.body);
      if (body && !body.success) refused.push(`${operationLabel(operation)} body: ${body.error.message}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('access sweep: every operation of the table, called by every demo account', () => {
  it("answers 403 exactly when the account lacks the functionality or role the operation's access names, never 5xx", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const named of deletionsLast(OPERATION_LIST)) {
      const { operation } = named;
      const callers: Caller[] = [
        ...(operation.access === 'public' ? [world.caller('anonymous')] : []),
        ...SWEEP_ACCOUNTS.map((name) => world.caller(name)),
      ];
      for (const caller of callers) {
        const allowed = canAccess(operation.access, caller.held, caller.roles);
        const request = requestOf(named, await exampleCallOf(named, caller), caller);
        const response = await world.inject(toInject(operation, request));
        requests += 1;
        const status = response.statusCode;
        const what = `${caller.name} ${operationLabel(operation)}`;
        if (!allowed && status !== 403) failures.push(`${what}: expected 403, got ${status}`);
        if (allowed && (status === 403 || status >= 500)) {
          failures.push(`${what}: expected neither 403 nor 5xx, got ${status} ${response.body.slice(0, 160)}`);
        }
      }
    }
    console.info(`access sweep: ${OPERATION_LIST.length} operations, ${requests} requests`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('left the database as it was after every refused write', () => {
    console.info(`access sweep: ${world.refusals.checked} refused writes checked for committed changes`);
    expect(world.refusals.checked).toBeGreaterThan(0);
    expect(world.refusals.changed).toEqual([]);
  });
});
