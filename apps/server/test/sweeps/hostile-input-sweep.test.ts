import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENDPOINT_LIST, type NamedEndpoint, pathParamNames } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { bearer, useDemoApp } from '../support/test-app.js';
import { DEEP_JSON, HOSTILE_VALUES, PROTOTYPE_KEYS } from './hostile-values.js';
import {
  answerProblem,
  encodeBody,
  encodePairs,
  endpointLabel,
  fieldsOf,
  jsonWith,
  type SweepRequest,
  toInject,
  withPair,
} from './sweep-requests.js';
import {
  type Caller,
  deletionsLast,
  type ExampleCall,
  exampleCallOf,
  openSweepWorld,
  requestOf,
  type SweepWorld,
} from './sweep-world.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-hostile-sweep-'));
// The carrier routes reach the carriers: the simulator answers for them, as in development.
const carriers = useCarrierSimulator();
const context = useDemoApp(() => ({ DATA_DIR: dataDir, CARRIER_SIM_URL: carriers.sim.url }));
let world: SweepWorld;

beforeAll(async () => {
  world = await openSweepWorld(context.app, context.database);
});

/** Someone the endpoint lets in, so the input reaches validation and the handler: its staff, nobody, or acme.admin. */
function callerFor({ endpoint }: NamedEndpoint): Caller {
  if (endpoint.access === 'public') return world.caller('anonymous');
  if (typeof endpoint.access === 'object' && 'role' in endpoint.access) return world.caller('northwind.staff');
  return world.caller('acme.admin');
}

type HostileCase = { field: string; value: string; vary(call: ExampleCall, request: SweepRequest): SweepRequest };

/** A JSON object with `member` (raw JSON text) first, then the example's fields. */
const jsonWithMember = (body: Record<string, unknown> | undefined, member: string) => {
  const fields = JSON.stringify(body ?? {}).slice(1, -1);
  return `{${member}${fields ? `,${fields}` : ''}}`;
};

/** Every case of one endpoint: each hostile value in each field, then whole bodies and a query that are hostile. */
function casesOf({ endpoint }: NamedEndpoint): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const name of pathParamNames(endpoint.path)) {
    for (const value of HOSTILE_VALUES) {
      cases.push({
        field: `:${name}`,
        value: value.label,
        vary: (_call, request) => ({ ...request, params: { ...request.params, [name]: value.encoded } }),
      });
    }
  }
  for (const name of fieldsOf(endpoint.query)) {
    for (const value of HOSTILE_VALUES) {
      cases.push({
        field: `?${name}`,
        value: value.label,
        vary: (_call, request) => ({ ...request, query: withPair(request.query, name, value.encoded) }),
      });
    }
  }
  for (const name of fieldsOf(endpoint.body)) {
    for (const value of HOSTILE_VALUES) {
      if (endpoint.bodyEncoding === 'form') {
        cases.push({
          field: `body.${name}`,
          value: value.label,
          vary: (call, request) => ({
            ...request,
            body: { kind: 'form', pairs: withPair(encodePairs(call.body ?? {}), name, value.encoded) },
          }),
        });
        continue;
      }
      for (const json of value.json) {
        cases.push({
          field: `body.${name}`,
          value: json.length > 60 ? value.label : json,
          vary: (call, request) => ({
            ...request,
            body: { kind: 'json', text: jsonWith(call.body ?? {}, name, json) },
          }),
        });
      }
    }
  }
  cases.push({
    field: '?__proto__',
    value: '1',
    vary: (_call, request) => ({ ...request, query: [...request.query, ['__proto__', '1']] }),
  });
  // GET requests have no body to read.
  if (endpoint.method === 'GET') return cases;
  cases.push({
    field: 'body',
    value: 'JSON nested 20,000 levels deep',
    vary: (_call, request) => ({ ...request, body: { kind: 'json', text: DEEP_JSON } }),
  });
  for (const key of PROTOTYPE_KEYS) {
    cases.push({
      field: 'body',
      value: `JSON with a ${key.label}`,
      vary: (call, request) => ({ ...request, body: { kind: 'json', text: jsonWithMember(call.body, key.json) } }),
    });
    if (endpoint.bodyEncoding === 'form') {
      cases.push({
        field: 'body',
        value: `form with a ${key.label}`,
        vary: (call, request) => {
          const form = encodeBody(endpoint, call.body ?? {});
          const pairs = form?.kind === 'form' ? form.pairs : [];
          return { ...request, body: { kind: 'form', pairs: [[key.form[0], key.form[1]], ...pairs] } };
        },
      });
    }
  }
  return cases;
}

describe('hostile input sweep: every field of every endpoint', () => {
  it('answers below 500, and every 4xx in the one error shape (or the shape the endpoint declares)', async () => {
    const failures: string[] = [];
    let requests = 0;
    const started = performance.now();
    for (const named of deletionsLast(ENDPOINT_LIST)) {
      const { endpoint } = named;
      const caller = callerFor(named);
      for (const hostile of casesOf(named)) {
        // Built afresh each time: sign-in and password examples bring an account of their own to each case.
        const call = await exampleCallOf(named, caller);
        const request = hostile.vary(call, requestOf(named, call, caller));
        const response = await world.inject(toInject(endpoint, request));
        requests += 1;
        const problem = answerProblem(endpoint, response);
        if (problem) failures.push(`${endpointLabel(endpoint)} ${hostile.field} = ${hostile.value}: ${problem}`);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`hostile input sweep: ${ENDPOINT_LIST.length} endpoints, ${requests} requests in ${seconds} s`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('leaves the server ready, answering, and Object.prototype untouched', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    const companies = await context.app.inject({
      method: 'GET',
      url: '/api/companies/names',
      headers: bearer(world.caller('acme.admin').session?.accessToken ?? ''),
    });
    expect(companies.statusCode).toBe(200);
    expect(companies.json()).toEqual({ value: [expect.objectContaining({ name: 'Acme Logistics Ltd' })] });
    expect(Object.prototype).not.toHaveProperty('sweepPolluted');
  });
});
