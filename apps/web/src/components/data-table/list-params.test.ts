import { describe, expect, it } from 'vitest';
import { isCanonical, type ListParamsSpec, readListParams, writeListParams } from './list-params';

const spec: ListParamsSpec = {
  key: 'bills',
  sortFields: new Set(['billDate', 'invoiceAmount']),
  filterKinds: { invoiceNumber: 'text', billDate: 'date' },
  pageSizeOptions: [5, 20, 50, 100],
  defaultSort: { field: 'billDate', direction: 'desc' },
};

function read(search: string) {
  return readListParams(new URLSearchParams(search), spec);
}

describe('reading list parameters', () => {
  it('gives the defaults for a URL without any', () => {
    expect(read('searchTerm=abc&orders.page=3')).toEqual({
      page: 0,
      pageSize: undefined,
      sort: { field: 'billDate', direction: 'desc' },
      filters: {},
    });
  });

  it('reads a 1-based page, an offered size, the sort and both kinds of filter', () => {
    expect(
      read(
        'bills.page=2&bills.size=20&bills.sort=invoiceAmount.asc&bills.f.invoiceNumber=INV%201' +
          '&bills.f.billDate=2026-01-01..2026-03-31',
      ),
    ).toEqual({
      page: 1,
      pageSize: 20,
      sort: { field: 'invoiceAmount', direction: 'asc' },
      filters: {
        invoiceNumber: { kind: 'text', value: 'INV 1' },
        billDate: { kind: 'date', from: '2026-01-01', to: '2026-03-31' },
      },
    });
    expect(read('bills.f.billDate=..2026-03-31').filters.billDate).toEqual({ kind: 'date', to: '2026-03-31' });
    expect(read('bills.f.billDate=2026-01-01..').filters.billDate).toEqual({ kind: 'date', from: '2026-01-01' });
  });

  it.each([['abc'], ['0'], ['-2'], ['2.5'], [''], ['99999999']])('reads page %j as the first page', (page) => {
    expect(read(`bills.page=${page}`).page).toBe(0);
  });

  it('ignores a size that is not offered, and any size where only one is offered', () => {
    expect(read('bills.size=7').pageSize).toBeUndefined();
    expect(read('bills.size=x').pageSize).toBeUndefined();
    expect(readListParams(new URLSearchParams('bills.size=5'), { ...spec, pageSizeOptions: [5] }).pageSize).toBe(
      undefined,
    );
  });

  it.each([['calls.desc'], ['invoiceAmount.up'], ['invoiceAmount'], ['.asc'], ['']])(
    'falls back to the default sort for %j',
    (sort) => {
      expect(read(`bills.sort=${sort}`).sort).toEqual({ field: 'billDate', direction: 'desc' });
    },
  );

  it('accepts the default sort field even when no column sorts by it', () => {
    const withoutColumn = { ...spec, sortFields: new Set<string>() };
    expect(readListParams(new URLSearchParams('bills.sort=billDate.asc'), withoutColumn).sort).toEqual({
      field: 'billDate',
      direction: 'asc',
    });
  });

  it('drops filters on other columns, blank texts, bad dates and reversed ranges', () => {
    expect(
      read('bills.f.calls=3&bills.f.invoiceNumber=%20%20&bills.f.billDate=2026-02-30..2026-13-01&bills.f.reference=x')
        .filters,
    ).toEqual({});
    expect(read('bills.f.billDate=2026-03-01..2026-01-01').filters).toEqual({});
    expect(read('bills.f.billDate=2026-03-01').filters).toEqual({});
  });
});

describe('writing list parameters', () => {
  it('replaces only its own parameters and leaves out the defaults', () => {
    const search = new URLSearchParams('searchTerm=abc&bills.page=4&bills.junk=1&items.page=2');
    const written = writeListParams(search, spec, {
      page: 1,
      pageSize: undefined,
      sort: { field: 'billDate', direction: 'desc' },
      filters: { billDate: { kind: 'date', from: '2026-01-01' } },
    });
    expect(written.toString()).toBe('searchTerm=abc&items.page=2&bills.page=2&bills.f.billDate=2026-01-01..');
  });

  it('writes what it reads back the same', () => {
    const params = {
      page: 2,
      pageSize: 50,
      sort: { field: 'invoiceAmount', direction: 'desc' as const },
      filters: {
        invoiceNumber: { kind: 'text' as const, value: "o'brien & co" },
        billDate: { kind: 'date' as const, to: '2026-03-31' },
      },
    };
    const written = writeListParams(new URLSearchParams(), spec, params);
    expect(written.get('bills.sort')).toBe('invoiceAmount.desc');
    expect(read(written.toString())).toEqual(params);
    expect(isCanonical(written, spec, params)).toBe(true);
  });

  it('calls a URL canonical whatever the order of its parameters, and not when a value reads differently', () => {
    const search = new URLSearchParams('bills.sort=invoiceAmount.asc&x=1&bills.page=2');
    expect(isCanonical(search, spec, read(search.toString()))).toBe(true);
    for (const stale of ['bills.page=1', 'bills.sort=billDate.desc', 'bills.f.invoiceNumber=%20a', 'bills.zzz=1']) {
      const url = new URLSearchParams(stale);
      expect(isCanonical(url, spec, read(stale)), stale).toBe(false);
      const fixed = writeListParams(url, spec, read(stale));
      expect(isCanonical(fixed, spec, read(fixed.toString())), stale).toBe(true);
    }
  });
});
