import fc from 'fast-check';
import { type ComparisonOperator, type FilterNode, formatFilter, type ODataLiteral } from './parser.js';
import type { AnyODataResource, ResolvedField } from './resource.js';

// Generators of $filter and $orderby text over a resource's fields, valid and broken, shared by the list layer's
// property tests and the API's fuzz test of a real list operation. Test-only code.

/** Rows the generators draw sample values from. */
export type Row = Record<string, unknown> & { id: number };

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
          fc.constantFrom('1000-01-01', '9999-12-31', '2024-02-29'),
        )
        .map((value) => ({ type: 'date', value, ...at }));
    case 'datetime':
      return fc
        .tuple(
          fc.date({
            min: new Date('1000-01-02T00:00:00Z'),
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

export function filterTree(resource: AnyODataResource<never>, rows: Row[]): fc.Arbitrary<FilterNode> {
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

export type Order = { name: string; field: ResolvedField; direction: 'asc' | 'desc' | undefined };

export function orderBy(resource: AnyODataResource<never>): fc.Arbitrary<Order[]> {
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

export const formatOrder = (orders: Order[]) =>
  orders
    .map((o) => (o.direction ? `${o.name} ${o.direction}` : o.name))
    .join(fc.sample(fc.constantFrom(',', ', '), 1)[0]);

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

export function mutated(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
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

export function broken(resource: AnyODataResource<never>, valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
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
