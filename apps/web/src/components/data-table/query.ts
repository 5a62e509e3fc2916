import { type ODataQuery, odataString } from '@portal/contract';
import { formatDate, TIME_ZONE } from '../../lib/format';
import type { ColumnFilterValue, DataTableColumnBase, DataTableSort, DateFilterKind } from './types';

/**
 * The OData options a table sends (docs/decisions/0015-odata-subset.md).
 *
 * - Text filters: `contains(field,'text')` (the server ignores case), only for a non-blank value (trimmed).
 * - Date filters, from and to both inclusive, each optional:
 *   - `date` fields: `field ge 2026-11-01 and field le 2026-11-30`;
 *   - `dateTime` fields: UK calendar days, so `field ge <UK midnight starting the from day>` and
 *     `field lt <UK midnight ending the to day>`, written as UTC instants (`2026-05-31T23:00:00Z` is 1 June in
 *     London in summer). `lt` the next midnight keeps the whole last day, fractions of a second included.
 * - The table's `baseFilter` and each column filter are ANDed, each in parentheses when there are several.
 */

export function sortFieldOf(column: Pick<DataTableColumnBase<never>, 'field' | 'sortField'>): string {
  return column.sortField ?? column.field;
}

export function filterFieldOf(column: Pick<DataTableColumnBase<never>, 'field' | 'sortField' | 'filterField'>): string {
  return column.filterField ?? column.sortField ?? column.field;
}

/** `contains(field,'text')` for a non-blank value, else undefined. */
export function textFilterExpression(field: string, value: string): string | undefined {
  const text = value.trim();
  return text === '' ? undefined : `contains(${field},${odataString(text)})`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseYmd(value: string | undefined): { year: number; month: number; day: number } | undefined {
  const match = value === undefined ? null : YMD.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** A valid `yyyy-MM-dd` calendar date. */
export function isYmd(value: string | undefined): value is string {
  return parseYmd(value) !== undefined;
}

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** How far UK time is ahead of UTC at `utcMs`. */
function londonOffsetMs(utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of londonClock.formatToParts(new Date(utcMs))) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant of midnight starting `ymd` in the UK, as `2026-05-31T23:00:00Z`. */
export function ukMidnightUtc(ymd: string): string {
  const date = parseYmd(ymd);
  if (!date) throw new RangeError(`Not a yyyy-MM-dd date: ${ymd}`);
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  // UK clocks change at 01:00 UTC, never at midnight, so one correction is always enough.
  let instant = midnightUtc - londonOffsetMs(midnightUtc);
  const offset = londonOffsetMs(instant);
  if (midnightUtc - offset !== instant) instant = midnightUtc - offset;
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The day after `ymd`, as `yyyy-MM-dd`. */
export function nextDay(ymd: string): string {
  const date = parseYmd(ymd);
  if (!date) throw new RangeError(`Not a yyyy-MM-dd date: ${ymd}`);
  return new Date(Date.UTC(date.year, date.month - 1, date.day + 1)).toISOString().slice(0, 10);
}

/** The date range filter, or undefined when neither end is a valid date. */
export function dateFilterExpression(
  field: string,
  range: { from?: string | undefined; to?: string | undefined },
  kind: DateFilterKind = 'dateTime',
): string | undefined {
  const parts: string[] = [];
  const { from, to } = range;
  if (isYmd(from)) parts.push(`${field} ge ${kind === 'date' ? from : ukMidnightUtc(from)}`);
  if (isYmd(to)) parts.push(kind === 'date' ? `${field} le ${to}` : `${field} lt ${ukMidnightUtc(nextDay(to))}`);
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** The expression of one column filter, or undefined when it does not filter. */
export function columnFilterExpression(
  column: Pick<DataTableColumnBase<never>, 'field' | 'sortField' | 'filterField' | 'dateKind'>,
  filter: ColumnFilterValue,
): string | undefined {
  const field = filterFieldOf(column);
  return filter.kind === 'text'
    ? textFilterExpression(field, filter.value)
    : dateFilterExpression(field, filter, column.dateKind);
}

/** A filter that changes the request: a non-blank text or at least one valid date. */
export function isActiveFilter(filter: ColumnFilterValue | undefined): filter is ColumnFilterValue {
  if (!filter) return false;
  return filter.kind === 'text' ? filter.value.trim() !== '' : isYmd(filter.from) || isYmd(filter.to);
}

/** The whole `$filter`: base filter and column filters ANDed; undefined when nothing filters. */
export function buildFilter(
  columns: readonly Pick<DataTableColumnBase<never>, 'field' | 'sortField' | 'filterField' | 'dateKind'>[],
  filters: Readonly<Record<string, ColumnFilterValue>>,
  baseFilter?: string,
): string | undefined {
  const parts: string[] = [];
  if (baseFilter !== undefined && baseFilter.trim() !== '') parts.push(baseFilter.trim());
  for (const column of columns) {
    const filter = filters[column.field];
    if (!filter) continue;
    const expression = columnFilterExpression(column, filter);
    if (expression !== undefined) parts.push(expression);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : parts.map((part) => `(${part})`).join(' and ');
}

export function buildOrderBy(sort: DataTableSort | undefined): string | undefined {
  return sort ? `${sort.field} ${sort.direction}` : undefined;
}

/** The list request's options, without paging. */
export interface ListQuery {
  filter?: string | undefined;
  orderby?: string | undefined;
  select?: readonly string[] | undefined;
  /** `$expand`: related lists the rows carry (e.g. a line's teams). */
  expand?: readonly string[] | undefined;
}

/** The OData options of one page of the list, with its total (`$count`); absent options are left out. */
export function listOptions(query: ListQuery, page: { top: number; skip: number }): ODataQuery {
  return {
    ...(query.select && query.select.length > 0 ? { $select: query.select.join(',') } : {}),
    ...(query.expand && query.expand.length > 0 ? { $expand: query.expand.join(',') } : {}),
    ...(query.filter ? { $filter: query.filter } : {}),
    ...(query.orderby ? { $orderby: query.orderby } : {}),
    $top: String(page.top),
    $skip: String(page.skip),
    $count: 'true',
  };
}

/** The chip text of an active filter: `Reference: abc`, `Date: 01/11/2026 – 30/11/2026`. */
export function filterChipLabel(header: string, filter: ColumnFilterValue): string {
  if (filter.kind === 'text') return `${header}: ${filter.value.trim()}`;
  const from = isYmd(filter.from) ? formatDate(`${filter.from}T12:00:00Z`) : undefined;
  const to = isYmd(filter.to) ? formatDate(`${filter.to}T12:00:00Z`) : undefined;
  if (from && to) return `${header}: ${from} – ${to}`;
  return from ? `${header}: from ${from}` : `${header}: to ${to ?? ''}`;
}
