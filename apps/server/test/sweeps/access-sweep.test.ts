import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canAccess, ENDPOINT_LIST } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { useDemoApp } from '../support/test-app.js';
import { EXAMPLES } from './examples.js';
import { endpointKey, endpointLabel, toInject } from './sweep-requests.js';
import {
  type Caller,
  deletionsLast,
  exampleCallOf,
  openSweepWorld,
  requestOf,
  SWEEP_ACCOUNTS,
  type SweepWorld,
} from './sweep-world.js';

// Bill files are made on first download and forgot-password mail goes to the outbox: both under DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-access-sweep-'));
// The carrier routes reach the carriers: the simulator answers for them, as in development.
const carriers = useCarrierSimulator();
const context = useDemoApp(() => ({ DATA_DIR: dataDir, CARRIER_SIM_URL: carriers.sim.url }));
let world: SweepWorld;

beforeAll(async () => {
  world = await openSweepWorld(context.app, context.database);
});

describe('the examples of the sweeps', () => {
  it("are accepted by their endpoints' schemas", async () => {
    const refused: string[] = [];
    const caller = world.caller('acme.admin');
    for (const named of ENDPOINT_LIST) {
      if (!EXAMPLES[endpointKey(named)]) continue;
      const { endpoint } = named;
      const call = await exampleCallOf(named, caller);
      const query = endpoint.query?.safeParse(call.query);
      if (query && !query.success) refused.push(`${endpointLabel(endpoint)} query: ${query.error.message}`);
      const body = endpoint.body?.safeParse(call.body);
      if (body && !body.success) refused.push(`${endpointLabel(endpoint)} body: ${body.error.message}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('access sweep: every endpoint of the table, called by every demo account', () => {
  it("answers 403 exactly when the account lacks the functionality or role the endpoint's access names, never 5xx", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const named of deletionsLast(ENDPOINT_LIST)) {
      const { endpoint } = named;
      const callers: Caller[] = [
        ...(endpoint.access === 'public' ? [world.caller('anonymous')] : []),
        ...SWEEP_ACCOUNTS.map((name) => world.caller(name)),
      ];
      for (const caller of callers) {
        const allowed = canAccess(endpoint.access, caller.held, caller.roles);
        const request = requestOf(named, await exampleCallOf(named, caller), caller);
        const response = await world.inject(toInject(endpoint, request));
        requests += 1;
        const status = response.statusCode;
        const what = `${caller.name} ${endpointLabel(endpoint)}`;
        if (!allowed && status !== 403) failures.push(`${what}: expected 403, got ${status}`);
        if (allowed && (status === 403 || status >= 500)) {
          failures.push(`${what}: expected neither 403 nor 5xx, got ${status} ${response.body.slice(0, 160)}`);
        }
      }
    }
    console.info(`access sweep: ${ENDPOINT_LIST.length} endpoints, ${requests} requests`);
    expect(failures).toEqual([]);
  }, 300_000);
});
