import { isYmd } from './query';
import type { ColumnFilterValue, DataTableSort } from './types';

/**
 * A list's state as URL search parameters, namespaced by the table's key so that two tables can share a page
 * (docs/decisions/0042-list-state-in-the-url.md):
 *
 *   ?bills.page=2&bills.size=20&bills.sort=invoiceAmount.desc&bills.f.invoiceNumber=INV1&bills.f.billDate=2026-01-01..
 *
 * - `page` is 1-based; absent means the first page.
 * - `size` only when the user picked one; absent means the stored (or default) size.
 * - `sort` is `<field>.<asc|desc>`; absent means the table's default sort.
 * - `f.<column>` is a text filter's text, or a date range `from..to` (`yyyy-MM-dd`, either end may be empty).
 *
 * Reading validates every value against the table (sortable fields, filterable columns, offered page sizes) and
 * drops what does not fit, so a hand-edited or stale link shows a working list.
 */

export type Filters = Readonly<Record<string, ColumnFilterValue>>;

export interface ListParams {
  /** 0-based. */
  page: number;
  /** The size the URL names, or undefined for the stored or default one. */
  pageSize: number | undefined;
  sort: DataTableSort | undefined;
  filters: Filters;
}

/** What a table accepts in its parameters. */
export interface ListParamsSpec {
  /** The namespace: `<key>.page`, `<key>.sort`, ... */
  key: string;
  /** The fields the list may be sorted by. */
  sortFields: ReadonlySet<string>;
  /** The filterable columns (by column field) and how each filters. */
  filterKinds: Readonly<Record<string, 'text' | 'date'>>;
  /** The page sizes offered; with one option the URL never names a size. */
  pageSizeOptions: readonly number[];
  defaultSort: DataTableSort | undefined;
}

const DATE_RANGE_SEPARATOR = '..';

function names(key: string) {
  return { page: `${key}.page`, size: `${key}.size`, sort: `${key}.sort`, filter: `${key}.f.` };
}

function readPage(text: string | null): number {
  if (text === null || !/^\d{1,6}$/.test(text)) return 0;
  return Math.max(0, Number(text) - 1);
}

function readPageSize(text: string | null, options: readonly number[]): number | undefined {
  if (text === null || options.length <= 1 || !/^\d{1,4}$/.test(text)) return undefined;
  const size = Number(text);
  return options.includes(size) ? size : undefined;
}

function readSort(text: string | null, spec: ListParamsSpec): DataTableSort | undefined {
  if (text === null) return spec.defaultSort;
  const dot = text.lastIndexOf('.');
  const field = text.slice(0, dot);
  const direction = text.slice(dot + 1);
  if (dot <= 0 || (direction !== 'asc' && direction !== 'desc')) return spec.defaultSort;
  const known = spec.sortFields.has(field) || field === spec.defaultSort?.field;
  return known ? { field, direction } : spec.defaultSort;
}

function readFilter(kind: 'text' | 'date', text: string): ColumnFilterValue | undefined {
  if (kind === 'text') {
    const value = text.trim();
    return value === '' ? undefined : { kind: 'text', value };
  }
  const separator = text.indexOf(DATE_RANGE_SEPARATOR);
  if (separator < 0) return undefined;
  const from = text.slice(0, separator);
  const to = text.slice(separator + DATE_RANGE_SEPARATOR.length);
  const range: { kind: 'date'; from?: string; to?: string } = { kind: 'date' };
  if (isYmd(from)) range.from = from;
  if (isYmd(to)) range.to = to;
  if (range.from === undefined && range.to === undefined) return undefined;
  // A reversed range selects nothing: read it as no filter rather than an empty list.
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) return undefined;
  return range;
}

export function readListParams(search: URLSearchParams, spec: ListParamsSpec): ListParams {
  const name = names(spec.key);
  const filters: Record<string, ColumnFilterValue> = {};
  for (const [field, kind] of Object.entries(spec.filterKinds)) {
    const text = search.get(`${name.filter}${field}`);
    const filter = text === null ? undefined : readFilter(kind, text);
    if (filter) filters[field] = filter;
  }
  return {
    page: readPage(search.get(name.page)),
    pageSize: readPageSize(search.get(name.size), spec.pageSizeOptions),
    sort: readSort(search.get(name.sort), spec),
    filters,
  };
}

function sameSort(a: DataTableSort | undefined, b: DataTableSort | undefined): boolean {
  return a?.field === b?.field && a?.direction === b?.direction;
}

function filterText(filter: ColumnFilterValue): string {
  return filter.kind === 'text' ? filter.value : `${filter.from ?? ''}${DATE_RANGE_SEPARATOR}${filter.to ?? ''}`;
}

/** This table's parameters in their canonical form and order (defaults left out). */
export function listParamEntries(params: ListParams, spec: ListParamsSpec): [string, string][] {
  const name = names(spec.key);
  const entries: [string, string][] = [];
  if (params.page > 0) entries.push([name.page, String(params.page + 1)]);
  if (params.pageSize !== undefined && spec.pageSizeOptions.length > 1) {
    entries.push([name.size, String(params.pageSize)]);
  }
  if (params.sort && !sameSort(params.sort, spec.defaultSort)) {
    entries.push([name.sort, `${params.sort.field}.${params.sort.direction}`]);
  }
  for (const field of Object.keys(spec.filterKinds)) {
    const filter = params.filters[field];
    if (filter) entries.push([`${name.filter}${field}`, filterText(filter)]);
  }
  return entries;
}

function isOwnParam(name: string, key: string): boolean {
  return name.startsWith(`${key}.`);
}

/** `search` with this table's parameters replaced by `params`; every other parameter is kept as it was. */
export function writeListParams(search: URLSearchParams, spec: ListParamsSpec, params: ListParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of search) if (!isOwnParam(name, spec.key)) next.append(name, value);
  for (const [name, value] of listParamEntries(params, spec)) next.append(name, value);
  return next;
}

/**
 * Whether this table's parameters in `search` are already canonical (order aside), so that a table never rewrites
 * a URL it reads the same way, and two tables normalising the same URL cannot undo each other.
 */
export function isCanonical(search: URLSearchParams, spec: ListParamsSpec, params: ListParams): boolean {
  const key = (entries: [string, string][]) =>
    entries
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join('&');
  const own = [...search].filter(([name]) => isOwnParam(name, spec.key));
  return key(own) === key(listParamEntries(params, spec));
}
