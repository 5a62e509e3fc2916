import { ODATA_COUNT_KEY } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import { buildODataQueries, runODataList } from './apply.js';
import { type ODataRawOptions, parseODataOptions } from './query-options.js';
import type { ODataRow } from './resource.js';
import {
  type EndpointsContext,
  endpointsResource,
  invoicesResource,
  openDemoDatabase,
  scopedEndpoints,
  scopedInvoices,
} from './test-fixtures.js';

// The list layer against a real database: the small demo data set, lists scoped to company 1.

let handle: DatabaseHandle;
type EndpointRow = {
  id: number;
  name: string;
  product: string;
  endPointTypeId: number;
  supplierId: number | null;
  siteId: number | null;
  identifier: string;
};
/** Every company-1 endpoint and invoice, read directly: the expectations are computed from these. */
let endpoints: EndpointRow[];
let invoices: { id: number; invoiceNumber: string; billDate: string; calls: number; invoiceAmount: number }[];
const context = (): EndpointsContext => ({ db: handle.db, loads: [] });

beforeAll(async () => {
  handle = await openDemoDatabase();
  endpoints = await handle.db
    .selectFrom('endpoints')
    .select([
      'id',
      'name',
      'product',
      'identifier',
      'endpoint_type_id as endPointTypeId',
      'supplier_id as supplierId',
      'site_id as siteId',
    ])
    .where('company_id', '=', 1)
    .orderBy('id')
    .execute();
  invoices = await handle.db
    .selectFrom('invoices')
    .select([
      'id',
      'invoice_number as invoiceNumber',
      'bill_date as billDate',
      'calls',
      'invoice_amount as invoiceAmount',
    ])
    .where('company_id', '=', 1)
    .orderBy('id')
    .execute();
});
afterAll(async () => {
  await handle?.close();
});

const listInvoices = (options: ODataRawOptions, companyId = 1) =>
  runODataList({ db: handle.db, baseQuery: scopedInvoices(handle.db, companyId), resource: invoicesResource, options });
const listEndpoints = (options: ODataRawOptions, ctx: EndpointsContext = context()) =>
  runODataList({
    db: handle.db,
    baseQuery: scopedEndpoints(handle.db, 1),
    resource: endpointsResource,
    options,
    context: ctx,
  });
const ids = (rows: { id?: number }[]) => rows.map((row) => row.id);
const endpointIds = async (filter: string) =>
  ids((await listEndpoints({ $filter: filter, $select: 'id', $orderby: 'id' })).value);
const expectedIds = (predicate: (row: EndpointRow) => boolean) => endpoints.filter(predicate).map((row) => row.id);

async function refusal(run: () => Promise<unknown>): Promise<HttpError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('defaults, $select, $top, $skip, $count', () => {
  it('answers the default fields in the default order, capped, without a count', async () => {
    const list = await listInvoices({});
    expect(list.value).toHaveLength(24);
    expect(Object.keys(list)).toEqual(['value']);
    expect(Object.keys(list.value[0]!)).toEqual([
      'billDate',
      'invoiceNumber',
      'calls',
      'duration',
      'bytes',
      'fixedCharges',
      'invoiceAmount',
      'webDataPhysicalLocation',
      'pdfFileName',
      'cdrFileName',
    ]);
    const billDates = list.value.map((row) => row.billDate!);
    expect(billDates).toEqual([...billDates].sort().reverse());
    expect(list.value[0]).toMatchObject({ billDate: '2026-11-05', invoiceAmount: expect.any(Number) });
  });

  it('reads the latest amount as the spec does: $select=InvoiceAmount&$top=1 (field names ignore case)', async () => {
    const list = await listInvoices({ $select: 'InvoiceAmount', $top: '1' });
    const latest = invoices.reduce((a, b) => (a.billDate > b.billDate ? a : b));
    expect(list).toEqual({ value: [{ invoiceAmount: latest.invoiceAmount }] });
  });

  it('selects fields in the order asked, once each, and * selects every selectable field', async () => {
    const list = await listInvoices({ $select: 'calls,ID,calls,invoiceNumber', $top: '2', $orderby: 'id' });
    expect(list.value).toEqual([
      { calls: invoices[0]!.calls, id: invoices[0]!.id, invoiceNumber: invoices[0]!.invoiceNumber },
      { calls: invoices[1]!.calls, id: invoices[1]!.id, invoiceNumber: invoices[1]!.invoiceNumber },
    ]);
    const all = await listInvoices({ $select: '*', $top: '1' });
    expect(Object.keys(all.value[0]!)).toHaveLength(Object.keys(invoicesResource.fields).length - 1); // vat is hidden
  });

  it('counts with $count=true, and $count=true&$top=0 counts without reading rows', async () => {
    expect(await listInvoices({ $count: 'true', $top: '0' })).toEqual({ value: [], [ODATA_COUNT_KEY]: 24 });
    const page = await listInvoices({ $count: 'true', $top: '5', $skip: '20', $select: 'id' });
    expect(page.value).toHaveLength(4);
    expect(page[ODATA_COUNT_KEY]).toBe(24);
    const filtered = await listEndpoints({ $count: 'true', $top: '0', $filter: 'endPointTypeId eq 1' });
    expect(filtered[ODATA_COUNT_KEY]).toBe(expectedIds((e) => e.endPointTypeId === 1).length);
    expect(await listInvoices({ $count: 'false', $top: '0' })).toEqual({ value: [] });
  });

  it('counts right on every page, asking the database to count only when the page does not end the list', async () => {
    let countQueries = 0;
    const counting = handle.db.withPlugin({
      transformQuery: (args) => {
        countQueries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    for (const top of [1, 5, 23, 24, 25, 100]) {
      for (const skip of [0, 1, 20, 23, 24, 30]) {
        countQueries = 0;
        const page = await runODataList({
          db: counting,
          baseQuery: scopedInvoices(handle.db, 1),
          resource: invoicesResource,
          options: { $count: 'true', $top: String(top), $skip: String(skip), $select: 'id' },
        });
        const shown = Math.max(0, Math.min(top, 24 - skip));
        expect(page.value, `top ${top} skip ${skip}`).toHaveLength(shown);
        expect(page[ODATA_COUNT_KEY], `top ${top} skip ${skip}`).toBe(24);
        const endsList = shown < top && (shown > 0 || skip === 0);
        expect(countQueries, `top ${top} skip ${skip}`).toBe(endsList ? 0 : 1);
      }
    }
  });

  it('treats empty options as absent', async () => {
    const list = await listInvoices({ $filter: '', $select: '', $orderby: '', $top: '', $skip: '', $count: '' });
    expect(list.value).toHaveLength(24);
  });

  it('pages in a stable order: the requested keys, then the primary key', async () => {
    const byProduct = [...endpoints].sort((a, b) =>
      a.product < b.product ? -1 : a.product > b.product ? 1 : a.id - b.id,
    );
    const pages: unknown[] = [];
    for (let skip = 0; skip < endpoints.length; skip += 7) {
      const page = await listEndpoints({ $orderby: 'product', $top: '7', $skip: String(skip), $select: 'id' });
      pages.push(...ids(page.value));
    }
    expect(pages).toEqual(byProduct.map((e) => e.id));

    const desc = await listEndpoints({ $orderby: 'product desc', $select: 'id,product' });
    const byProductDesc = [...endpoints].sort((a, b) =>
      a.product < b.product ? 1 : a.product > b.product ? -1 : a.id - b.id,
    );
    expect(ids(desc.value)).toEqual(byProductDesc.map((e) => e.id));
  });

  it('sorts by several keys', async () => {
    const list = await listEndpoints({ $orderby: 'endPointTypeId desc,name asc', $select: 'id' });
    const expected = [...endpoints].sort(
      (a, b) => b.endPointTypeId - a.endPointTypeId || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
    );
    expect(ids(list.value)).toEqual(expected.map((e) => e.id));
  });

  it('sorts and filters on expression fields', async () => {
    const list = await listEndpoints({ $orderby: 'teamCount desc,id', $select: 'id,teamCount,isMobile', $top: '3' });
    expect(list.value[0]!.teamCount).toBeGreaterThanOrEqual(list.value[2]!.teamCount!);
    const mobile = await listEndpoints({ $filter: 'isMobile eq true', $count: 'true', $top: '0' });
    expect(mobile[ODATA_COUNT_KEY]).toBe(expectedIds((e) => e.endPointTypeId === 1).length);
    const withoutTeams = await endpointIds('teamCount eq 0');
    const teamless = await handle.db
      .selectFrom('endpoints')
      .select('id')
      .where('company_id', '=', 1)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('team_endpoints').whereRef('endpoint_id', '=', 'endpoints.id'))))
      .orderBy('id')
      .execute();
    expect(withoutTeams).toEqual(teamless.map((row) => row.id));
  });

  it('answers date-times as ISO strings and dates as YYYY-MM-DD', async () => {
    const list = await listEndpoints({ $select: 'createdAt', $top: '1' });
    expect(list.value[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await listInvoices({ $select: 'billDate', $top: '1' })).value[0]!.billDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  });
});

describe('$filter', () => {
  it('compares numbers with every operator, endPointTypeId as the spec uses it', async () => {
    expect(await endpointIds('endPointTypeId eq 1')).toEqual(expectedIds((e) => e.endPointTypeId === 1));
    expect(await endpointIds('endPointTypeId ne 1')).toEqual(expectedIds((e) => e.endPointTypeId !== 1));
    expect(await endpointIds('id gt 10')).toEqual(expectedIds((e) => e.id > 10));
    expect(await endpointIds('id ge 10')).toEqual(expectedIds((e) => e.id >= 10));
    expect(await endpointIds('id lt 10')).toEqual(expectedIds((e) => e.id < 10));
    expect(await endpointIds('id le 10')).toEqual(expectedIds((e) => e.id <= 10));
    expect(await endpointIds('endPointTypeId in (3, 7)')).toEqual(expectedIds((e) => e.endPointTypeId === 3));
  });

  it('compares numbers of any size and precision without overflowing the column type', async () => {
    expect(await endpointIds('endPointTypeId eq 100000')).toEqual([]); // the column is smallint
    expect(await endpointIds('endPointTypeId lt 123456789012345678901234567890')).toHaveLength(endpoints.length);
    expect(await endpointIds('endPointTypeId gt -99999999999.5')).toHaveLength(endpoints.length);
    expect(await endpointIds('endPointTypeId eq 1.0')).toEqual(expectedIds((e) => e.endPointTypeId === 1));
    expect(await endpointIds('endPointTypeId lt 1.5')).toEqual(expectedIds((e) => e.endPointTypeId === 1));
    expect(await endpointIds('endPointTypeId in (1.5, 99999, 3)')).toEqual(expectedIds((e) => e.endPointTypeId === 3));
    const amount = invoices[3]!.invoiceAmount;
    const exact = await listInvoices({ $filter: `invoiceAmount eq ${amount.toFixed(2)}`, $select: 'id' });
    expect(ids(exact.value)).toContain(invoices[3]!.id);
  });

  it('compares dates and date-times', async () => {
    const since = await listInvoices({
      $filter: 'billDate ge 2026-01-01 and billDate lt 2026-07-01',
      $select: 'billDate',
    });
    expect(since.value.map((r) => r.billDate).sort()).toEqual(
      invoices
        .map((i) => i.billDate)
        .filter((d) => d >= '2026-01-01' && d < '2026-07-01')
        .sort(),
    );
    expect(await endpointIds('createdAt lt 2000-01-01T00:00:00Z')).toEqual([]);
    expect(await endpointIds('createdAt gt 2000-01-01T00:00:00+01:00')).toHaveLength(endpoints.length);
    expect(await endpointIds('createdAt gt 1000-01-01T14:00:00.123456789+14:00')).toHaveLength(endpoints.length);
    expect(await endpointIds('createdAt ge 9999-12-31T09:59-14:00')).toEqual([]);
  });

  it('searches text case-insensitively with contains, startswith and endswith', async () => {
    const name = endpoints[0]!.name;
    const word = name.split(' ')[0]!;
    expect(await endpointIds(`contains(name, '${word.toUpperCase()}')`)).toEqual(
      expectedIds((e) => e.name.toLowerCase().includes(word.toLowerCase())),
    );
    expect(await endpointIds(`startswith(name, '${word.toLowerCase()}')`)).toEqual(
      expectedIds((e) => e.name.toLowerCase().startsWith(word.toLowerCase())),
    );
    expect(await endpointIds("endswith(product, '5g')")).toEqual(
      expectedIds((e) => e.product.toLowerCase().endsWith('5g')),
    );
    expect(await endpointIds("startswith(identifier, '07')")).toEqual(
      expectedIds((e) => e.identifier.startsWith('07')),
    );
  });

  it('matches %, _ and backslash literally in the string functions', async () => {
    expect(await endpointIds("contains(name, '%')")).toEqual([]);
    expect(await endpointIds("contains(name, '_')")).toEqual([]);
    expect(await endpointIds("contains(name, '\\')")).toEqual([]);
    expect(await endpointIds("startswith(identifier, '0_1')")).toEqual([]);
    expect(await endpointIds("startswith(identifier, '071')")).toEqual(
      expectedIds((e) => e.identifier.startsWith('071')),
    );
  });

  it('compares strings exactly with eq and in', async () => {
    const product = endpoints[0]!.product;
    expect(await endpointIds(`product eq '${product}'`)).toEqual(expectedIds((e) => e.product === product));
    expect(await endpointIds(`product eq '${product.toUpperCase()}'`)).toEqual([]);
    expect(await endpointIds(`product in ('${product}', 'Business Voice Only')`)).toEqual(
      expectedIds((e) => e.product === product || e.product === 'Business Voice Only'),
    );
  });

  it('combines with and, or, not and parentheses', async () => {
    expect(await endpointIds("endPointTypeId eq 1 and not contains(product, 'unlimited') or id le 3")).toEqual(
      expectedIds((e) => (e.endPointTypeId === 1 && !e.product.toLowerCase().includes('unlimited')) || e.id <= 3),
    );
    expect(await endpointIds("endPointTypeId eq 1 and (not contains(product, 'unlimited') or id le 3)")).toEqual(
      expectedIds((e) => e.endPointTypeId === 1 && (!e.product.toLowerCase().includes('unlimited') || e.id <= 3)),
    );
    expect(await endpointIds('not (id gt 5 and id lt 70)')).toEqual(expectedIds((e) => !(e.id > 5 && e.id < 70)));
    expect(await endpointIds('not not (id in (1, 2))')).toEqual(
      [1, 2].filter((id) => endpoints.some((e) => e.id === id)),
    );
  });

  it('treats null as OData does: ne and not include nulls, other comparisons do not', async () => {
    const broadband = expectedIds((e) => e.supplierId === null);
    expect(broadband.length).toBeGreaterThan(0);
    expect(await endpointIds('supplierId eq null')).toEqual(broadband);
    expect(await endpointIds('supplierId ne null')).toEqual(expectedIds((e) => e.supplierId !== null));
    expect(await endpointIds('supplierId ne 33')).toEqual(expectedIds((e) => e.supplierId !== 33));
    expect(await endpointIds('not (supplierId eq 33)')).toEqual(expectedIds((e) => e.supplierId !== 33));
    expect(await endpointIds('supplierId gt 0')).toEqual(expectedIds((e) => e.supplierId !== null));
    expect(await endpointIds('not (supplierId gt 0)')).toEqual(broadband);
    expect(await endpointIds('not (supplierId ne 33)')).toEqual(expectedIds((e) => e.supplierId === 33));
    expect(await endpointIds('not (supplierId in (33, 27))')).toEqual(
      expectedIds((e) => e.supplierId !== 33 && e.supplierId !== 27),
    );
    expect(await endpointIds("not contains(siteName, 'zzz-no-such-site')")).toHaveLength(endpoints.length);
    expect(await endpointIds('not (supplierId eq null or id gt 3)')).toEqual(
      expectedIds((e) => !(e.supplierId === null || e.id > 3)),
    );
  });

  it('keeps the caller scope whatever the filter says', async () => {
    const otherCompany = await handle.db.selectFrom('endpoints').select('id').where('company_id', '=', 2).execute();
    const filter = `companyId eq 2 or id in (${otherCompany.map((e) => e.id).join(', ')}) or true eq true`;
    const error = await refusal(() => listEndpoints({ $filter: filter }));
    expect(error.details).toEqual([
      expect.objectContaining({ field: '$filter', rule: 'syntax' }), // `true eq true`: no field on the left
    ]);
    const list = await listEndpoints({ $filter: filter.replace(' or true eq true', ''), $select: 'companyId' });
    expect(list.value).toEqual([]);
    const mixed = await listEndpoints({ $filter: 'companyId eq 2 or companyId eq 1', $select: 'companyId' });
    expect(mixed.value).toHaveLength(endpoints.length);
    expect(new Set(mixed.value.map((row) => row.companyId))).toEqual(new Set([1]));
  });

  it('takes SQL-looking text as a plain value: bound as a parameter, never part of the SQL', async () => {
    for (const text of ['🚀', '\u202e', 'é', '\\', '\\%', '\ufffd']) {
      expect(
        (await listInvoices({ $filter: `invoiceNumber eq '${text}' or contains(invoiceNumber, '${text}')` })).value,
      ).toEqual([]);
    }
    // Lone surrogates have no UTF-8 form, so the database could not take them: refused as text, not run.
    for (const text of ['\ud800', '\udfff x \ud83d']) {
      const error = await refusal(() => listInvoices({ $filter: `invoiceNumber eq '${text}'` }));
      expect(error.details).toEqual([expect.objectContaining({ field: '$filter', rule: 'syntax' })]);
    }
    const list = await listInvoices({ $filter: "invoiceNumber eq ''' OR 1=1 --'" });
    expect(list.value).toEqual([]);
    const drop = await listInvoices({ $filter: "contains(invoiceNumber, '''); DROP TABLE invoices; --')" });
    expect(drop.value).toEqual([]);
    expect((await listInvoices({ $count: 'true', $top: '0' }))[ODATA_COUNT_KEY]).toBe(24);

    const plan = parseODataOptions(invoicesResource, {
      $filter: "invoiceNumber eq ''' OR 1=1 --' or contains(invoiceNumber, '%\"x\"')",
      $count: 'true',
    });
    const queries = buildODataQueries(scopedInvoices(handle.db, 1), invoicesResource, plan);
    const rows = queries.rows.compile();
    expect(rows.sql).not.toContain('OR 1=1');
    expect(rows.sql).not.toContain('"x"');
    expect(rows.parameters).toEqual(expect.arrayContaining(["' OR 1=1 --", '%\\%"x"%']));
    expect(rows.sql).toMatch(/where "invoices"\."company_id" = \$1 and \(.+ or .+\) order by/);
    const count = queries.count.compile(handle.db);
    expect(count.sql).toMatch(/^select count\(\*\) as count from \(\(select 1 as "one" from "invoices" where/);
    expect(count.parameters).toEqual([1, "' OR 1=1 --", '%\\%"x"%']);
  });
});

describe('$expand', () => {
  it('attaches each expansion, loaded once per page for all its rows', async () => {
    const ctx = context();
    const list = await listEndpoints({ $expand: 'Teams', $select: 'id', $orderby: 'id', $top: '20' }, ctx);
    expect(ctx.loads).toEqual([ids(list.value)]);
    const memberships = await handle.db
      .selectFrom('team_endpoints')
      .innerJoin('teams', 'teams.id', 'team_endpoints.team_id')
      .select(['endpoint_id', 'teams.id', 'teams.name'])
      .where('team_endpoints.company_id', '=', 1)
      .execute();
    for (const row of list.value) {
      const expected = memberships
        .filter((m) => m.endpoint_id === row.id)
        .map((m) => ({ id: m.id, name: m.name }))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(row.teams).toEqual(expected);
      expect(Object.keys(row)).toEqual(['id', 'teams']);
    }
    expect(list.value.some((row) => row.teams!.length === 0)).toBe(true);
    expect(list.value.some((row) => row.teams!.length > 0)).toBe(true);
  });

  it('does not load for an empty page', async () => {
    const ctx = context();
    expect(await listEndpoints({ $expand: 'teams', $filter: 'id lt 0' }, ctx)).toEqual({ value: [] });
    expect(ctx.loads).toEqual([]);
  });

  it('types rows from the resource', () => {
    expectTypeOf<ODataRow<typeof endpointsResource>>().toEqualTypeOf<{
      id?: number;
      companyId?: number;
      name?: string;
      identifier?: string;
      endPointTypeId?: number;
      product?: string;
      siteId?: number | null;
      siteName?: string | null;
      supplierId?: number | null;
      carrierId?: number | null;
      isMobile?: boolean;
      teamCount?: number;
      createdAt?: string;
      teams?: { id: number; name: string }[];
    }>();
  });
});

describe('refusals: 400 invalid_odata naming the option and the problem', () => {
  const cases: [string, ODataRawOptions, { field: string; rule: string; message: string }[]][] = [
    ['$top above the cap', { $top: '101' }, [{ field: '$top', rule: 'max', message: '$top is 101; the most is 100' }]],
    [
      '$top not a whole number',
      { $top: '-1' },
      [{ field: '$top', rule: 'integer', message: "$top must be a whole number from 0, not '-1'" }],
    ],
    [
      '$skip not a whole number',
      { $skip: '1.5' },
      [{ field: '$skip', rule: 'integer', message: "$skip must be a whole number from 0, not '1.5'" }],
    ],
    [
      '$skip beyond any page',
      { $skip: '99999999999999999999' },
      [{ field: '$skip', rule: 'max', message: '$skip is too large' }],
    ],
    [
      '$count not a boolean',
      { $count: 'yes' },
      [{ field: '$count', rule: 'boolean', message: "$count must be true or false, not 'yes'" }],
    ],
    [
      'unknown field in $filter',
      { $filter: "invoiceNo eq 'x'" },
      [
        {
          field: '$filter',
          rule: 'unknown_field',
          message:
            "Unknown field 'invoiceNo' in $filter at position 1; the fields are id, companyId, invoiceNumber, billDate, periodStart, calls, duration, bytes, usageCharges, fixedCharges, invoiceAmount, webDataPhysicalLocation, vat",
        },
      ],
    ],
    [
      'unknown field in $select',
      { $select: 'id,total' },
      [
        expect.objectContaining({
          field: '$select',
          rule: 'unknown_field',
          message: expect.stringMatching(/^Unknown field 'total' in \$select at position 4; the fields are id, /),
        }),
      ],
    ],
    [
      'field that cannot be selected',
      { $select: 'vat' },
      [
        expect.objectContaining({
          field: '$select',
          rule: 'not_selectable',
          message: expect.stringMatching(/^'vat' cannot be selected \(\$select at position 1\)/),
        }),
      ],
    ],
    [
      'field that cannot be filtered on',
      { $filter: "pdfFileName eq 'x'" },
      [expect.objectContaining({ field: '$filter', rule: 'not_filterable' })],
    ],
    [
      'field that cannot be sorted on',
      { $orderby: 'cdrFileName' },
      [expect.objectContaining({ field: '$orderby', rule: 'not_sortable' })],
    ],
    [
      'duplicate sort key',
      { $orderby: 'calls, Calls desc' },
      [{ field: '$orderby', rule: 'duplicate', message: "'calls' appears twice in $orderby at position 8" }],
    ],
    [
      'string literal for a number',
      { $filter: "calls eq 'x'" },
      [
        {
          field: '$filter',
          rule: 'type',
          message: "'calls' holds numbers, so at position 10 expected a number such as 42 or 12.50, not a string",
        },
      ],
    ],
    [
      'quoted date',
      { $filter: "billDate ge '2026-01-01'" },
      [
        {
          field: '$filter',
          rule: 'type',
          message:
            "'billDate' holds dates, so at position 13 expected a date such as 2026-11-21 (no quotes), not a string; write dates without quotes",
        },
      ],
    ],
    [
      'number in a string function',
      { $filter: 'contains(invoiceNumber, 1)' },
      [
        {
          field: '$filter',
          rule: 'type',
          message: "contains needs a 'quoted string' as its second argument at position 25, not a number",
        },
      ],
    ],
    [
      'string function on a number',
      { $filter: "contains(calls, '1')" },
      [{ field: '$filter', rule: 'type', message: "contains works on text; 'calls' holds numbers (at position 10)" }],
    ],
    [
      'null with an ordering operator',
      { $filter: 'calls gt null' },
      [{ field: '$filter', rule: 'type', message: "null can only be compared with eq or ne, not 'gt' at position 10" }],
    ],
    [
      'null in an in list',
      { $filter: 'calls in (1, null)' },
      [
        {
          field: '$filter',
          rule: 'type',
          message: "null cannot be in an 'in' list at position 14; write 'calls eq null' instead",
        },
      ],
    ],
    [
      'malformed $filter',
      { $filter: 'calls eq' },
      [
        {
          field: '$filter',
          rule: 'syntax',
          message:
            "Expected a value (a 'quoted string', a number, a date, true, false or null) after 'eq' at position 9, but $filter ends there",
        },
      ],
    ],
    [
      'too long a $filter',
      { $filter: `calls eq ${'1'.repeat(1992)}` },
      [{ field: '$filter', rule: 'max_length', message: '$filter is 2001 characters long; the limit is 2000' }],
    ],
    [
      'no expansions',
      { $expand: 'Companies' },
      [
        {
          field: '$expand',
          rule: 'unknown_expansion',
          message: "Unknown expansion 'Companies' at position 1; invoices have no expansions",
        },
      ],
    ],
  ];

  it.each(cases)('%s', async (_name, options, details) => {
    const error = await refusal(() => listInvoices(options));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('invalid_odata');
    expect(error.details).toEqual(details);
    expect(error.message).toBe(error.details![0]!.message);
  });

  it('refuses literals of the wrong type on boolean and date-time fields', async () => {
    const error = await refusal(() => listEndpoints({ $filter: 'isMobile gt true or createdAt ge 2026-11-01' }));
    expect(error.details).toEqual([
      {
        field: '$filter',
        rule: 'type',
        message: "'isMobile' holds true or false, so compare it with eq or ne, not 'gt' (at position 13)",
      },
      {
        field: '$filter',
        rule: 'type',
        message:
          "'createdAt' holds date-times, so at position 34 expected a date-time such as 2026-11-21T10:00:00Z (no quotes), not a date; write 2026-11-01T00:00:00Z for midnight UTC",
      },
    ]);
  });

  it('names an unknown expansion and lists the known ones', async () => {
    const error = await refusal(() => listEndpoints({ $expand: 'Teams,Sites' }));
    expect(error.details).toEqual([
      {
        field: '$expand',
        rule: 'unknown_expansion',
        message: "Unknown expansion 'Sites' at position 7; endpoints expand teams",
      },
    ]);
  });

  it('collects every problem into one answer', async () => {
    const error = await refusal(() =>
      listInvoices({ $top: '500', $filter: "nope eq 1 and calls eq 'x'", $orderby: 'billDate sideways', $count: '1' }),
    );
    expect(error.details!.map((d) => [d.field, d.rule])).toEqual([
      ['$filter', 'unknown_field'],
      ['$filter', 'type'],
      ['$orderby', 'syntax'],
      ['$top', 'max'],
      ['$count', 'boolean'],
    ]);
    expect(error.message).toMatch(/^5 problems in the list options: Unknown field 'nope'/);
  });

  it('refuses an option given twice', async () => {
    const error = await refusal(() => listInvoices({ $top: ['1', '2'] as unknown as string }));
    expect(error.details).toEqual([{ field: '$top', rule: 'syntax', message: '$top must be given once, as text' }]);
  });
});
