import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  FAULT_REPORT_UPLOAD,
  type NamedOperation,
  OPERATION_LIST,
  type OperationDefinition,
  PARTNER_LOGO_UPLOAD,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { bearer, useDemoApp } from '../support/test-app.js';
import {
  BLANK_NAMES,
  DEEP_JSON,
  HOSTILE_DATE_TIMES,
  HOSTILE_DATES,
  HOSTILE_VALUES,
  type HostileValue,
  hostileFiles,
  NUMERIC_SPELLINGS,
  PROTOTYPE_KEYS,
} from './hostile-values.js';
import {
  acceptedProblem,
  answerProblem,
  dateKindOf,
  encodeBody,
  encodePairs,
  type FieldSpot,
  fieldSpotsOf,
  isNumeric,
  isRequiredName,
  jsonAt,
  operationLabel,
  type SweepRequest,
  spotLabel,
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

/** Someone the operation lets in, so the input reaches validation and the handler: its staff, nobody, or acme.admin. */
function callerFor({ operation }: NamedOperation): Caller {
  if (operation.access === 'public') return world.caller('anonymous');
  if (typeof operation.access === 'object' && 'role' in operation.access) return world.caller('northwind.staff');
  return world.caller('acme.admin');
}

/**
 * One request of the sweep: a hostile value in one field, or a hostile body or file. `refused`: the value is never
 * valid there, so the answer must be a 4xx (not only no 5xx).
 */
type HostileCase = {
  field: string;
  value: string;
  refused?: boolean;
  vary(call: ExampleCall, request: SweepRequest): SweepRequest;
};

/** A JSON object with `member` (raw JSON text) first, then the example's fields. */
const jsonWithMember = (body: Record<string, unknown> | undefined, member: string) => {
  const fields = JSON.stringify(body ?? {}).slice(1, -1);
  return `{${member}${fields ? `,${fields}` : ''}}`;
};

/** The field set to one value: URL text in a path, a query or a form, each JSON literal of it in a JSON body. */
function valueCases(operation: OperationDefinition, spot: FieldSpot, value: HostileValue): HostileCase[] {
  const field = spotLabel(spot);
  const name = String(spot.path[0]);
  const refused = value.refused === true;
  if (spot.part === 'params') {
    return [{ field, value: value.label, refused, vary: (_call, request) => withParam(request, name, value.encoded) }];
  }
  if (spot.part === 'query') {
    return [{ field, value: value.label, refused, vary: (_call, request) => withQuery(request, name, value.encoded) }];
  }
  if (operation.bodyEncoding === 'form') {
    return [
      {
        field,
        value: value.label,
        refused,
        vary: (call, request) => ({
          ...request,
          body: { kind: 'form', pairs: withPair(encodePairs(call.body ?? {}), name, value.encoded) },
        }),
      },
    ];
  }
  return value.json.map((json) => ({
    field,
    value: json.length > 60 ? value.label : json,
    refused,
    vary: (call, request) => ({ ...request, body: { kind: 'json', text: jsonAt(call.body ?? {}, spot.path, json) } }),
  }));
}

const withParam = (request: SweepRequest, name: string, encoded: string): SweepRequest => ({
  ...request,
  params: { ...request.params, [name]: encoded },
});
const withQuery = (request: SweepRequest, name: string, encoded: string): SweepRequest => ({
  ...request,
  query: withPair(request.query, name, encoded),
});

/** The example's value of a numeric path or query parameter (a query parameter it leaves out: 5). */
function exampleNumber(call: ExampleCall, spot: FieldSpot): number {
  const name = String(spot.path[0]);
  const text = spot.part === 'params' ? decodeURIComponent(call.params[name] ?? '') : call.query[name];
  const value = Number(text);
  return text !== undefined && /^[0-9]+$/.test(text) ? value : 5;
}

/** Other spellings of the example's number, each of which the parameter must refuse. */
function spellingCases(spot: FieldSpot): HostileCase[] {
  const name = String(spot.path[0]);
  return NUMERIC_SPELLINGS.map(({ label, spell }) => ({
    field: spotLabel(spot),
    value: label,
    refused: true,
    vary: (call, request) => {
      const encoded = spell(exampleNumber(call, spot));
      return spot.part === 'params' ? withParam(request, name, encoded) : withQuery(request, name, encoded);
    },
  }));
}

/**
 * Every case of one operation: each hostile value in each field (nested ones too), dates and date-times of every
 * kind in date fields, other spellings in numeric parameters, blanks in names; file parts with hostile names and
 * types in a multipart body; then whole bodies and a query that are hostile.
 */
function casesOf({ operation }: NamedOperation): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const spot of fieldSpotsOf(operation)) {
    const values = [...HOSTILE_VALUES];
    const dateKind = dateKindOf(spot.schema);
    if (dateKind === 'date') values.push(...HOSTILE_DATES);
    if (dateKind === 'datetime') values.push(...HOSTILE_DATE_TIMES);
    if (isRequiredName(spot)) values.push(...BLANK_NAMES);
    for (const value of values) cases.push(...valueCases(operation, spot, value));
    if (spot.part !== 'body' && isNumeric(spot.schema)) cases.push(...spellingCases(spot));
  }
  if (operation.bodyEncoding === 'multipart') {
    // Images are the one kind of file the API takes: the fault report's trace routes (docs/decisions/0098) and the
    // console's partner logo (0218), each under its own part name.
    const field = operation.path.startsWith('/api/console/partner/')
      ? PARTNER_LOGO_UPLOAD.fieldName
      : FAULT_REPORT_UPLOAD.fieldName;
    for (const file of hostileFiles(field)) {
      cases.push({ field: 'file part', value: file.label, vary: (_call, request) => ({ ...request, files: [file] }) });
    }
  }
  cases.push({
    field: '?__proto__',
    value: '1',
    vary: (_call, request) => ({ ...request, query: [...request.query, ['__proto__', '1']] }),
  });
  // GET requests have no body to read.
  if (operation.method === 'GET') return cases;
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
    if (operation.bodyEncoding === 'form') {
      cases.push({
        field: 'body',
        value: `form with a ${key.label}`,
        vary: (call, request) => {
          const form = encodeBody(operation, call.body ?? {});
          const pairs = form?.kind === 'form' ? form.pairs : [];
          return { ...request, body: { kind: 'form', pairs: [[key.form[0], key.form[1]], ...pairs] } };
        },
      });
    }
  }
  return cases;
}

/** For each write operation, how many of its refused requests were checked for committed changes. */
const refusedWrites = new Map<string, number>();

describe('hostile input sweep: every field of every operation', () => {
  it('answers below 500, every 4xx in the one error shape (or the shape the operation declares), and refuses what is never valid', async () => {
    const failures: string[] = [];
    let requests = 0;
    const started = performance.now();
    for (const named of deletionsLast(OPERATION_LIST)) {
      const { operation } = named;
      const caller = callerFor(named);
      const refusalsBefore = world.refusals.checked;
      for (const hostile of casesOf(named)) {
        // Built afresh each time: sign-in and password examples bring an account of their own to each case.
        const call = await exampleCallOf(named, caller);
        const request = hostile.vary(call, requestOf(named, call, caller));
        const response = await world.inject(toInject(operation, request));
        requests += 1;
        const problem = answerProblem(operation, response) ?? (hostile.refused ? acceptedProblem(response) : undefined);
        if (problem) failures.push(`${operationLabel(operation)} ${hostile.field} = ${hostile.value}: ${problem}`);
      }
      if (operation.method !== 'GET')
        refusedWrites.set(operationLabel(operation), world.refusals.checked - refusalsBefore);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`hostile input sweep: ${OPERATION_LIST.length} operations, ${requests} requests in ${seconds} s`);
    expect(failures).toEqual([]);
    // A cap, not a wait: some 10,000 requests over every operation took 200 s alone and near 300 s on a loaded machine.
  }, 600_000);

  it('left the database as it was after every refused write, and refused some input of every write', () => {
    const writes = [...refusedWrites.values()].reduce((sum, count) => sum + count, 0);
    console.info(`hostile input sweep: ${writes} refused writes of ${refusedWrites.size} write operations checked`);
    expect([...refusedWrites].filter(([, count]) => count === 0).map(([label]) => label)).toEqual([]);
    expect(world.refusals.changed).toEqual([]);
  });

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
