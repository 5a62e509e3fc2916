import { ODATA_COUNT_KEY, type ODataOption } from '@portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import { runODataList } from './apply.js';
import { type ComparisonOperator, type FilterNode, formatFilter, type ODataLiteral } from './parser.js';
import { type ODataRawOptions, parseODataOptions } from './query-options.js';
import type { AnyODataResource, ResolvedField } from './resource.js';
import {
  endpointsResource,
  invoicesResource,
  openDemoDatabase,
  scopedEndpoints,
  scopedInvoices,
} from './test-fixtures.js';

// Property tests of the whole list layer over company 1 of the demo data:
// - valid filters and orders (generated from the grammar over each resource's fields) always pass, print and parse
//   back to the same tree, and on the database give exactly the rows, order, page and count that a reference
//   evaluation in JavaScript gives;
// - broken text (mutations of valid filters, token soup, random unicode, over-long and over-deep input) never fails
//   any other way than the 400 `invalid_odata`, and whatever does run stays inside company 1.
// More than 10,000 generated $filter/$orderby strings go through parsing and checking; about 1,800 also run.

type Row = Record<string, unknown> & { id: number; companyId: number };
type Subject = {
  name: string;
  resource: AnyODataResource<never>;
  list: (options: ODataRawOptions) => Promise<{ value: Record<string, unknown>[]; [ODATA_COUNT_KEY]?: number }>;
  rows: Row[];
};

let handle: DatabaseHandle;
const subjects: Subject[] = [];

beforeAll(async () => {
  handle = await openDemoDatabase();
  const endpointContext = { db: handle.db, loads: [] };
  const endpoints: Subject = {
    name: 'endpoints',
    resource: endpointsResource,
    list: (options) =>
      runODataList({
        db: handle.db,
        baseQuery: scopedEndpoints(handle.db, 1),
        resource: endpointsResource,
        options,
        context: endpointContext,
      }),
    rows: [],
  };
  const invoices: Subject = {
    name: 'invoices',
    resource: invoicesResource,
    list: (options) =>
      runODataList({ db: handle.db, baseQuery: scopedInvoices(handle.db, 1), resource: invoicesResource, options }),
    rows: [],
  };
  for (const subject of [endpoints, invoices]) {
    // Every row of company 1 with every selectable field, through the layer itself (the list tests check it).
    const all = await subject.list({ $select: '*', $top: '100', $count: 'true' });
    expect(all[ODATA_COUNT_KEY]).toBe(all.value.length);
    subject.rows = all.value as Row[];
    expect(subject.rows.length).toBeGreaterThan(10);
    subjects.push(subject);
  }
});
afterAll(async () => {
  await handle?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Generators of valid options

const ASCII_SEARCH = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 %_\\'-.,()".split(''),
);

/** The field name as a client might spell it: names match case-insensitively. */
const spelling = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((flips) => [...name].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join(''))
    .map((spelt) => (spelt === name ? name : spelt));
const nameArbitrary = (name: string) => fc.oneof({ weight: 3, arbitrary: fc.constant(name) }, spelling(name));

function samples(rows: Row[], field: ResolvedField): unknown[] {
  return [...new Set(rows.map((row) => row[field.name]).filter((value) => value !== null))];
}

function stringSample(values: unknown[]): fc.Arbitrary<string> {
  const strings = values as string[];
  return fc.oneof(
    fc.constantFrom(...strings),
    fc
      .tuple(fc.constantFrom(...strings), fc.nat(), fc.nat())
      .map(([s, a, b]) => s.slice(Math.min(a, b) % (s.length + 1), Math.max(a, b) % (s.length + 1))),
  );
}

function literal(field: ResolvedField, rows: Row[]): fc.Arbitrary<ODataLiteral> {
  const at = { position: 0 };
  const values = samples(rows, field);
  switch (field.type) {
    case 'string':
      return fc
        .oneof(
          { weight: 4, arbitrary: stringSample(values) },
          fc.string({ unit: ASCII_SEARCH, maxLength: 8 }),
          fc.string({ unit: 'grapheme', maxLength: 6 }),
          fc.constantFrom("' OR 1=1 --", "'); DROP TABLE endpoints; --", '%', '_', '\\', "''"),
        )
        .map((value) => ({ type: 'string', value, ...at }));
    case 'number':
      return fc
        .oneof(
          { weight: 4, arbitrary: fc.constantFrom(...(values as number[]).map(String)) },
          fc.integer({ min: -3, max: 120 }).map(String),
          fc.integer().map(String),
          fc.stringMatching(/^-?[1-9][0-9]{10,30}$/),
          fc
            .tuple(fc.integer({ min: -200, max: 5000 }), fc.integer({ min: 0, max: 99 }))
            .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
        )
        .map((text) => ({ type: 'number', value: Number(text), text, ...at }));
    case 'boolean':
      return fc.boolean().map((value) => ({ type: 'boolean', value, ...at }));
    case 'date':
      return fc
        .oneof(
          { weight: 3, arbitrary: fc.constantFrom(...(values as string[])) },
          fc
            .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom('0001-01-01', '9999-12-31', '2024-02-29'),
        )
        .map((value) => ({ type: 'date', value, ...at }));
    case 'datetime':
      return fc
        .tuple(
          fc.date({
            min: new Date('0001-01-02T00:00:00Z'),
            max: new Date('9999-12-30T00:00:00Z'),
            noInvalidDate: true,
          }),
          fc.constantFrom(0, 60, -300, 330, 840, -840),
          fc.constantFrom('seconds', 'millis', 'minutes'),
        )
        .map(([date, offset, precision]) => {
          const local = new Date(date.getTime() + offset * 60_000).toISOString();
          const clock = precision === 'millis' ? local.slice(0, 23) : local.slice(0, precision === 'seconds' ? 19 : 16);
          const zone =
            offset === 0
              ? 'Z'
              : `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
          return { type: 'datetime', value: `${clock}${zone}`, ...at };
        });
  }
}

function leaf(resource: AnyODataResource<never>, rows: Row[]): fc.Arbitrary<FilterNode> {
  // Selectable too, so the reference evaluation has the values (the rows were read with $select=*).
  const fields = resource.allFields().filter((field) => field.filterable && field.selectable);
  const comparison = fc.constantFrom(...fields).chain((field) =>
    fc
      .tuple(
        nameArbitrary(field.name),
        field.type === 'boolean'
          ? fc.constantFrom<ComparisonOperator>('eq', 'ne')
          : fc.constantFrom<ComparisonOperator>('eq', 'ne', 'gt', 'ge', 'lt', 'le'),
        literal(field, rows),
        fc.nat(9),
      )
      .map(([name, operator, value, nullChance]): FilterNode => {
        const isNull = nullChance === 0 && (operator === 'eq' || operator === 'ne');
        return {
          kind: 'comparison',
          operator,
          field: { name, position: 0 },
          value: isNull ? { type: 'null', position: 0 } : value,
        };
      }),
  );
  const inList = fc
    .constantFrom(...fields)
    .chain((field) =>
      fc
        .tuple(nameArbitrary(field.name), fc.array(literal(field, rows), { minLength: 1, maxLength: 4 }))
        .map(([name, values]): FilterNode => ({ kind: 'in', field: { name, position: 0 }, values })),
    );
  const textFields = fields.filter((field) => field.type === 'string');
  const call = fc.constantFrom(...textFields).chain((field) =>
    fc
      .tuple(
        fc.constantFrom('contains', 'startswith', 'endswith' as const),
        nameArbitrary(field.name),
        fc.oneof(
          { weight: 3, arbitrary: stringSample(samples(rows, field)) },
          fc.string({ unit: ASCII_SEARCH, maxLength: 5 }),
        ),
      )
      .map(
        ([name, fieldName, value]): FilterNode => ({
          kind: 'function',
          name,
          field: { name: fieldName, position: 0 },
          value: { type: 'string', value, position: 0 },
        }),
      ),
  );
  return fc.oneof(
    { weight: 4, arbitrary: comparison },
    { weight: 1, arbitrary: inList },
    { weight: 2, arbitrary: call },
  );
}

function filterTree(resource: AnyODataResource<never>, rows: Row[]): fc.Arbitrary<FilterNode> {
  const leaves = leaf(resource, rows);
  const { node } = fc.letrec<{ node: FilterNode }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'filter' },
      { weight: 3, arbitrary: leaves },
      fc
        .tuple(fc.constantFrom('and', 'or' as const), fc.array(tie('node'), { minLength: 2, maxLength: 3 }))
        .map(([kind, operands]): FilterNode => ({ kind, operands })),
      tie('node').map((operand): FilterNode => ({ kind: 'not', operand })),
    ),
  }));
  return node.filter((tree) => formatFilter(tree).length <= 2000);
}

type Order = { name: string; field: ResolvedField; direction: 'asc' | 'desc' | undefined };

function orderBy(resource: AnyODataResource<never>): fc.Arbitrary<Order[]> {
  const sortable = resource.allFields().filter((field) => field.sortable && field.selectable);
  return fc
    .uniqueArray(fc.constantFrom(...sortable), { maxLength: 3, selector: (field) => field.name })
    .chain((fields) =>
      fc.tuple(
        ...fields.map((field) =>
          fc
            .tuple(nameArbitrary(field.name), fc.constantFrom('asc', 'desc', undefined))
            .map(([name, direction]): Order => ({ name, field, direction })),
        ),
      ),
    );
}

const formatOrder = (orders: Order[]) =>
  orders
    .map((o) => (o.direction ? `${o.name} ${o.direction}` : o.name))
    .join(fc.sample(fc.constantFrom(',', ', '), 1)[0]);

/** The tree with every field spelt as the resource spells it. */
function canonical(node: FilterNode, resource: AnyODataResource<never>): FilterNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { kind: node.kind, operands: node.operands.map((operand) => canonical(operand, resource)) };
    case 'not':
      return { kind: 'not', operand: canonical(node.operand, resource) };
    default:
      return { ...node, field: { name: resource.field(node.field.name)!.name, position: 0 } };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The reference evaluation: OData's two-valued semantics over the rows, PostgreSQL's C collation for text order.

function compareText(a: string, b: string): number {
  const left = [...a].map((c) => c.codePointAt(0)!);
  const right = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    if (left[i] !== right[i]) return left[i]! - right[i]!;
  }
  return left.length - right.length;
}

function compareValues(type: ResolvedField['type'], a: unknown, b: unknown): number {
  switch (type) {
    case 'number':
      return (a as number) - (b as number);
    case 'boolean':
      return Number(a) - Number(b);
    case 'datetime':
      return Date.parse(a as string) - Date.parse(b as string);
    default:
      return compareText(a as string, b as string);
  }
}

function literalValue(value: ODataLiteral): unknown {
  return value.type === 'null' ? null : value.type === 'number' ? Number(value.text) : value.value;
}

function evaluate(node: FilterNode, row: Row, resource: AnyODataResource<never>): boolean {
  switch (node.kind) {
    case 'and':
      return node.operands.every((operand) => evaluate(operand, row, resource));
    case 'or':
      return node.operands.some((operand) => evaluate(operand, row, resource));
    case 'not':
      return !evaluate(node.operand, row, resource);
    case 'comparison': {
      const field = resource.field(node.field.name)!;
      const actual = row[field.name];
      if (node.value.type === 'null') return node.operator === 'eq' ? actual === null : actual !== null;
      if (actual === null) return node.operator === 'ne';
      const order = compareValues(field.type, actual, literalValue(node.value));
      const results: Record<ComparisonOperator, boolean> = {
        eq: order === 0,
        ne: order !== 0,
        gt: order > 0,
        ge: order >= 0,
        lt: order < 0,
        le: order <= 0,
      };
      return results[node.operator];
    }
    case 'in': {
      const field = resource.field(node.field.name)!;
      const actual = row[field.name];
      return actual !== null && node.values.some((v) => compareValues(field.type, actual, literalValue(v)) === 0);
    }
    case 'function': {
      const actual = row[resource.field(node.field.name)!.name];
      if (actual === null) return false;
      const text = (actual as string).toLowerCase();
      const search = (literalValue(node.value) as string).toLowerCase();
      return node.name === 'contains'
        ? text.includes(search)
        : node.name === 'startswith'
          ? text.startsWith(search)
          : text.endsWith(search);
    }
  }
}

/** PostgreSQL's defaults: nulls sort as the largest value (last ascending, first descending); then the key. */
function sortRows(rows: Row[], orders: { field: ResolvedField; direction: 'asc' | 'desc' }[]): Row[] {
  return [...rows].sort((a, b) => {
    for (const { field, direction } of orders) {
      const x = a[field.name];
      const y = b[field.name];
      const order = x === null && y === null ? 0 : x === null ? 1 : y === null ? -1 : compareValues(field.type, x, y);
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return a.id - b.id;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Generators of broken text

const INTERESTING = fc.constantFrom(
  "'",
  "''",
  '(',
  ')',
  ',',
  ' ',
  'and',
  'or',
  'not ',
  ' eq ',
  ' in ',
  '-',
  '.',
  ':',
  'T',
  'Z',
  '$',
  '\u0000',
  '%',
  '\\',
  'null',
  'true',
  '9'.repeat(40),
  '2026-02-30',
  '2026-11-21T25:00Z',
  'tolower(',
  'EQ',
  ';',
  '--',
  '/*',
  '"',
  '\ud800',
  '🚀',
);

function mutated(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.constantFrom('delete', 'insert', 'duplicate', 'swap'),
    fc.nat(),
    fc.nat(),
    fc.oneof(INTERESTING, fc.string({ unit: 'binary', maxLength: 4 })),
  );
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
    let result = text;
    for (const [kind, a, b, insert] of edits) {
      const i = a % (result.length + 1);
      const j = Math.min(result.length, i + (b % 8));
      if (kind === 'delete') result = result.slice(0, i) + result.slice(j);
      else if (kind === 'insert') result = result.slice(0, i) + insert + result.slice(i);
      else if (kind === 'duplicate') result = result.slice(0, j) + result.slice(i, j) + result.slice(j);
      else result = result.slice(0, i) + result.slice(j) + result.slice(i, j);
    }
    return result;
  });
}

function broken(resource: AnyODataResource<never>, valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const words = [
    ...resource.allFields().map((field) => field.name),
    'unknownField',
    'eq',
    'ne',
    'gt',
    'in',
    'and',
    'or',
    'not',
    'contains',
    'startswith',
    'asc',
    'desc',
    'null',
    'true',
    "'x'",
    '42',
    '-1.5',
    '2026-11-21',
    '2026-11-21T10:00:00Z',
    '(',
    ')',
    ',',
    '*',
  ];
  return fc.oneof(
    { weight: 6, arbitrary: mutated(valid) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(fc.constantFrom(...words), { maxLength: 25 }), fc.constantFrom(' ', '', ','))
        .map(([tokens, separator]) => tokens.join(separator)),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 80 }), fc.constantFrom('(', 'not ', 'not (', "'"), fc.nat(2100))
        .map(([depth, opener, padding]) => `${opener.repeat(depth)}id eq 1${')'.repeat(depth)}${' '.repeat(padding)}`),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------

const OPTIONS: readonly ODataOption[] = ['$select', '$filter', '$orderby', '$top', '$skip', '$count', '$expand'];

/** Either the plan is accepted or the refusal is exactly the 400 the API promises; anything else fails the test. */
function expectAcceptedOrRefused(run: () => void): 'accepted' | 'refused' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    expectRefusal(error);
    return 'refused';
  }
}

function expectRefusal(error: unknown): void {
  if (!(error instanceof HttpError)) throw error;
  expect(error.statusCode).toBe(400);
  expect(error.code).toBe('invalid_odata');
  expect(error.details?.length).toBeGreaterThan(0);
  for (const detail of error.details ?? []) {
    expect(OPTIONS).toContain(detail.field);
    expect(detail.message.length).toBeGreaterThan(0);
  }
}

const subject = (name: string) => subjects.find((s) => s.name === name)!;
const tally = { accepted: 0, refused: 0, executedValid: 0, selective: 0, executedBroken: 0, brokenRan: 0 };

describe.each(['endpoints', 'invoices'])('fuzzing the %s list', (name) => {
  const validRuns = name === 'endpoints' ? 2000 : 1000;
  const brokenRuns = name === 'endpoints' ? 3000 : 1500;

  it(`accepts ${validRuns} valid filters and orders, which print and parse back to the same tree`, () => {
    const { resource, rows } = subject(name);
    fc.assert(
      fc.property(filterTree(resource, rows), orderBy(resource), (tree, orders) => {
        const $filter = formatFilter(tree);
        const plan = parseODataOptions(resource, { $filter, $orderby: formatOrder(orders) });
        expect(formatFilter(plan.filter!)).toBe(formatFilter(canonical(tree, resource)));
        expect(plan.orderBy.map((o) => [o.field.name, o.direction])).toEqual(
          orders.length > 0
            ? orders.map((o) => [o.field.name, o.direction ?? 'asc'])
            : resource.defaultOrder.map((o) => [o.field, o.direction]),
        );
      }),
      { numRuns: validRuns },
    );
  });

  it(`answers ${brokenRuns} pairs of broken $filter and $orderby with a plan or the 400, never another error`, () => {
    const { resource, rows } = subject(name);
    const validFilter = filterTree(resource, rows).map(formatFilter);
    const validOrder = orderBy(resource).map(formatOrder);
    fc.assert(
      fc.property(
        broken(resource, validFilter),
        broken(resource, validOrder),
        fc.option(fc.oneof(fc.string({ maxLength: 6 }), fc.nat().map(String)), { nil: undefined }),
        (filter, order, number) => {
          tally[expectAcceptedOrRefused(() => parseODataOptions(resource, { $filter: filter }))] += 1;
          tally[expectAcceptedOrRefused(() => parseODataOptions(resource, { $orderby: order }))] += 1;
          expectAcceptedOrRefused(() =>
            parseODataOptions(resource, {
              $filter: filter,
              $orderby: order,
              $top: number,
              $skip: number,
              $count: number,
            }),
          );
        },
      ),
      { numRuns: brokenRuns },
    );
  });

  it('runs valid options on the database and returns exactly the reference rows, order, page and count', async () => {
    const { resource, rows, list } = subject(name);
    await fc.assert(
      fc.asyncProperty(
        filterTree(resource, rows),
        orderBy(resource),
        fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(100)),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 90 })),
        fc.boolean(),
        async (tree, orders, top, skip, count) => {
          const answer = await list({
            $filter: formatFilter(tree),
            $orderby: formatOrder(orders),
            $top: String(top),
            $skip: String(skip),
            $count: String(count),
            $select: 'id,companyId',
          });
          const matching = rows.filter((row) => evaluate(tree, row, resource));
          const order =
            orders.length > 0
              ? orders.map((o) => ({ field: o.field, direction: o.direction ?? 'asc' }))
              : resource.defaultOrder.map((o) => ({ field: resource.field(o.field)!, direction: o.direction }));
          const expected = sortRows(matching, order).slice(skip, skip + top);
          expect(answer.value).toEqual(expected.map((row) => ({ id: row.id, companyId: 1 })));
          expect(answer[ODATA_COUNT_KEY]).toBe(count ? matching.length : undefined);
          tally.executedValid += 1;
          if (matching.length > 0 && matching.length < rows.length) tally.selective += 1;
        },
      ),
      { numRuns: name === 'endpoints' ? 600 : 300 },
    );
  });

  it('runs broken options on the database: rows of company 1 only, or the 400', async () => {
    const { resource, rows, list } = subject(name);
    const ids = new Set(rows.map((row) => row.id));
    const validFilter = filterTree(resource, rows).map(formatFilter);
    const validOrder = orderBy(resource).map(formatOrder);
    await fc.assert(
      fc.asyncProperty(
        broken(resource, validFilter),
        fc.oneof(validOrder, broken(resource, validOrder)),
        async (filter, order) => {
          try {
            const answer = await list({ $filter: filter, $orderby: order, $select: 'id,companyId', $count: 'true' });
            for (const row of answer.value) {
              expect(row.companyId).toBe(1);
              expect(ids.has(row.id as number)).toBe(true);
            }
            expect(answer[ODATA_COUNT_KEY]).toBeLessThanOrEqual(rows.length);
            tally.brokenRan += 1;
          } catch (error) {
            expectRefusal(error);
          }
          tally.executedBroken += 1;
        },
      ),
      { numRuns: name === 'endpoints' ? 600 : 300 },
    );
  });
});

describe('the fuzzing itself', () => {
  it('exercised both outcomes', () => {
    console.log('odata fuzz tally', tally);
    // Broken text should mostly be refused, but mutations that stay valid must occur too, or the generator is off.
    expect(tally.refused).toBeGreaterThan(2000);
    expect(tally.accepted).toBeGreaterThan(100);
    expect(tally.executedValid).toBe(900);
    expect(tally.executedBroken).toBe(900);
    // The reference comparison means something only if many filters pick some rows but not all.
    expect(tally.selective).toBeGreaterThan(200);
    expect(tally.brokenRan).toBeGreaterThan(20);
  });
});
