import { describe, expect, it } from 'vitest';
import { cellText, statusStyle, teamsText } from './cell-text';
import { buildCsv, parseListBody } from './data';
import { initialPageSize } from './page-size';
import {
  buildFilter,
  dateFilterExpression,
  filterChipLabel,
  isActiveFilter,
  listOptions,
  nextDay,
  textFilterExpression,
  ukMidnightUtc,
} from './query';
import type { DataTableColumn } from './types';

describe('filters', () => {
  it('builds contains filters only from non-blank text, quoting it', () => {
    expect(textFilterExpression('name', ' smith ')).toBe("contains(name,'smith')");
    expect(textFilterExpression('name', "o'neil")).toBe("contains(name,'o''neil')");
    expect(textFilterExpression('name', '   ')).toBeUndefined();
  });

  it('finds UK midnight in winter, summer and on the days the clocks change', () => {
    expect(ukMidnightUtc('2026-01-15')).toBe('2026-01-15T00:00:00Z');
    expect(ukMidnightUtc('2026-06-01')).toBe('2026-05-31T23:00:00Z');
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(ukMidnightUtc('2026-03-29')).toBe('2026-03-29T00:00:00Z');
    expect(ukMidnightUtc('2026-03-30')).toBe('2026-03-29T23:00:00Z');
    expect(ukMidnightUtc('2026-10-25')).toBe('2026-10-24T23:00:00Z');
    expect(ukMidnightUtc('2026-10-26')).toBe('2026-10-26T00:00:00Z');
    expect(() => ukMidnightUtc('2026-02-30')).toThrow(RangeError);
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('builds date ranges for date and date-time fields', () => {
    expect(dateFilterExpression('billDate', { from: '2026-11-01', to: '2026-11-30' }, 'date')).toBe(
      'billDate ge 2026-11-01 and billDate le 2026-11-30',
    );
    expect(dateFilterExpression('createdDate', { from: '2026-07-01' })).toBe('createdDate ge 2026-06-30T23:00:00Z');
    expect(dateFilterExpression('createdDate', { to: '2026-12-31' })).toBe('createdDate lt 2027-01-01T00:00:00Z');
    expect(dateFilterExpression('createdDate', { from: '', to: 'nonsense' })).toBeUndefined();
  });

  it('ANDs the base filter with the active column filters on their filter fields', () => {
    const columns = [
      { field: 'reference', filterField: 'orderReference' },
      { field: 'createdDate', dateKind: 'date' as const },
      { field: 'stage' },
    ];
    expect(buildFilter(columns, {})).toBeUndefined();
    expect(buildFilter(columns, {}, 'endPointTypeId eq 1 or endPointTypeId eq 3')).toBe(
      'endPointTypeId eq 1 or endPointTypeId eq 3',
    );
    expect(
      buildFilter(
        columns,
        {
          reference: { kind: 'text', value: 'abc' },
          createdDate: { kind: 'date', from: '2026-01-01' },
          stage: { kind: 'text', value: ' ' },
        },
        'endPointTypeId eq 1 or endPointTypeId eq 3',
      ),
    ).toBe(
      "(endPointTypeId eq 1 or endPointTypeId eq 3) and (contains(orderReference,'abc')) and (createdDate ge 2026-01-01)",
    );
    expect(isActiveFilter({ kind: 'text', value: ' ' })).toBe(false);
    expect(isActiveFilter({ kind: 'date' })).toBe(false);
    expect(isActiveFilter({ kind: 'date', to: '2026-01-01' })).toBe(true);
  });

  it('labels the active filter chips', () => {
    expect(filterChipLabel('Reference', { kind: 'text', value: 'abc' })).toBe('Reference: abc');
    expect(filterChipLabel('Date', { kind: 'date', to: '2026-01-31' })).toBe('Date: to 31/01/2026');
  });

  it('asks for a page with its total and only the options in use', () => {
    expect(
      listOptions(
        { filter: "contains(reference,'a b')", orderby: 'createdDate desc', select: ['id'] },
        { top: 20, skip: 40 },
      ),
    ).toEqual({
      $select: 'id',
      $filter: "contains(reference,'a b')",
      $orderby: 'createdDate desc',
      $top: '20',
      $skip: '40',
      $count: 'true',
    });
    expect(listOptions({}, { top: 5, skip: 0 })).toEqual({ $top: '5', $skip: '0', $count: 'true' });
    expect(listOptions({ expand: ['teams'], select: [] }, { top: 5, skip: 0 })).toEqual({
      $expand: 'teams',
      $top: '5',
      $skip: '0',
      $count: 'true',
    });
  });
});

describe('page size', () => {
  it('uses the only option, else the default when it is offered, else the first option', () => {
    expect(initialPageSize('bills', [13])).toBe(13);
    // Decision 0057: 20 where the list names no default.
    expect(initialPageSize('orders', [5, 20, 50, 100])).toBe(20);
    expect(initialPageSize('orders', [5, 20, 50, 100], 50)).toBe(50);
    expect(initialPageSize('orders', [20, 50], 7)).toBe(20);
    expect(initialPageSize('orders', [5, 50])).toBe(5);
  });
});

describe('cell text and CSV', () => {
  interface Row {
    name: string;
    amount: number;
    status: string;
  }
  const columns: DataTableColumn<Row>[] = [
    { field: 'name', header: 'Name' },
    { field: 'amount', header: 'Amount', type: 'money' },
    { field: 'status', header: 'Status', type: 'status' },
    { field: 'raw', header: 'Raw', value: (row) => row.amount, csvValue: (row) => row.amount },
    { field: 'actions', header: 'Actions', type: 'options', actions: [] },
    { field: 'download', header: 'Bill', type: 'download', download: async () => undefined },
    { field: 'hidden', header: 'Hidden', excludeFromCsv: true },
  ];

  it('writes headers and formatted values, leaving out action columns and neutralising formulas', () => {
    const csv = buildCsv(columns, [
      { name: 'Smith, J', amount: -12.5, status: 'Failed' },
      { name: '=HYPERLINK("x")', amount: 3, status: 'Succeeded' },
      { name: '-cmd', amount: 0, status: 'Placed' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Name,Amount,Status,Raw',
      '"Smith, J",-£12.50,Failed,-12.5',
      `"'=HYPERLINK(""x"")",£3.00,Succeeded,3`,
      `"'-cmd",£0.00,Placed,0`,
    ]);
  });

  it('states the team and status rules', () => {
    expect(teamsText([])).toBe('No teams selected.');
    expect(teamsText(['A', 'B', 'C'])).toBe('A, B, C');
    expect(teamsText(['A', 'B', 'C', 'D'])).toBe('4 teams selected.');
    expect(['In Progress', 'Awaiting Action', 'Succeeded', 'Failed', 'Placed'].map(statusStyle)).toEqual([
      'pending',
      'pending',
      'succeeded',
      'failed',
      'default',
    ]);
    expect(cellText<{ ok: boolean }>({ field: 'ok', header: 'OK', type: 'bool' }, { ok: false })).toBe('false');
  });

  it('parses a list body through the row parser and falls back to the rows seen for the total', () => {
    const parseRow = (raw: unknown) => String((raw as { id: number }).id);
    expect(parseListBody({ value: [{ id: 1 }], '@odata.count': 9 }, parseRow, 0)).toEqual({ rows: ['1'], total: 9 });
    expect(parseListBody({ value: [{ id: 1 }, { id: 2 }] }, parseRow, 10)).toEqual({ rows: ['1', '2'], total: 12 });
    expect(() => parseListBody({ items: [] }, parseRow, 0)).toThrow();
  });
});
