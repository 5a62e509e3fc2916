import { PENDING_ORDER_STATUSES, TEAM_NAMES_TEXT_LIMIT } from '@portal/contract';
import { formatBytes, formatDate, formatDuration, formatMoney, formatNumber, formatSpeed } from '../../lib/format';
import type {
  ChangeSiteColumn,
  ChangeTeamColumn,
  CsvCellValue,
  DataTableColumn,
  DetailItem,
  Id,
  IdName,
  ProductItem,
} from './types';

/** The cell's raw value: the column's `value(row)`, else `row[field]`. */
export function cellValue<Row>(column: DataTableColumn<Row>, row: Row): unknown {
  if (column.value) return column.value(row);
  if (typeof row === 'object' && row !== null) return (row as Record<string, unknown>)[column.field];
  return undefined;
}

/** A number from a number or a numeric string (decimals often arrive as text); undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return formatDate(value);
  return '';
}

/** The team cell text of spec 2.9: none, the names, or a count above TEAM_NAMES_TEXT_LIMIT. */
export function teamsText(names: readonly string[]): string {
  if (names.length === 0) return 'No teams selected.';
  if (names.length > TEAM_NAMES_TEXT_LIMIT) return `${names.length} teams selected.`;
  return names.join(', ');
}

export type StatusStyle = 'pending' | 'succeeded' | 'failed' | 'default';

/** The status cell's style: In Progress and Awaiting Action are pending; Succeeded; Failed; anything else plain. */
export function statusStyle(status: string): StatusStyle {
  if ((PENDING_ORDER_STATUSES as readonly string[]).includes(status)) return 'pending';
  if (status === 'Succeeded') return 'succeeded';
  if (status === 'Failed') return 'failed';
  return 'default';
}

export function productText(product: ProductItem): string {
  const quantity = product.quantity;
  return quantity === undefined || quantity === null || quantity === 1
    ? product.name
    : `${product.name} × ${formatNumber(quantity)}`;
}

/** Details with a value worth showing. */
export function shownDetails(details: readonly DetailItem[]): DetailItem[] {
  return details.filter((detail) => detail.value !== null && detail.value !== undefined && detail.value !== '');
}

export function optionsOf<Row>(column: ChangeSiteColumn<Row> | ChangeTeamColumn<Row>, row: Row): readonly IdName[] {
  return typeof column.options === 'function' ? column.options(row) : column.options;
}

export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return String(a) === String(b);
}

export function siteText<Row>(column: ChangeSiteColumn<Row>, row: Row, siteId: Id | null | undefined): string {
  const option = optionsOf(column, row).find((candidate) => sameId(candidate.id, siteId));
  return option?.name ?? column.text?.(row) ?? '';
}

/** Names of the selected teams: from the options, or the column's `names` when an id is not among them. */
export function teamNames<Row>(column: ChangeTeamColumn<Row>, row: Row, teamIds: readonly Id[]): string[] {
  const options = optionsOf(column, row);
  const names: string[] = [];
  for (const id of teamIds) {
    const option = options.find((candidate) => sameId(candidate.id, id));
    if (!option) return column.names ? [...column.names(row)] : names;
    names.push(option.name);
  }
  return names;
}

/** The cell as plain text (cards' read-only text, CSV export), formatted as its type says. */
export function cellText<Row>(column: DataTableColumn<Row>, row: Row): string {
  switch (column.type) {
    case 'options':
    case 'download':
    case 'selection':
      return '';
    case 'products':
      return column.products(row).map(productText).join('; ');
    case 'broadbandPrimaryDetails':
    case 'broadbandAdditionalDetails':
      return shownDetails(column.details(row))
        .map((detail) => `${detail.label}: ${toText(detail.value)}`)
        .join('; ');
    case 'changeSite':
      return siteText(column, row, column.value(row));
    case 'changeTeam':
      return teamsText(teamNames(column, row, column.value(row)));
    default:
      break;
  }
  const value = cellValue(column, row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'bool':
      return value ? 'true' : 'false';
    case 'date':
      return typeof value === 'string' || typeof value === 'number' || value instanceof Date
        ? formatDate(value, column.pattern)
        : '';
    case 'number':
    case 'money':
    case 'bytes':
    case 'duration':
    case 'speed': {
      const number = toNumber(value);
      if (number === undefined) return toText(value);
      if (column.type === 'number') return formatNumber(number, column.digitsInfo);
      if (column.type === 'money') return formatMoney(number);
      if (column.type === 'bytes') return formatBytes(number, { table: true });
      if (column.type === 'duration') return formatDuration(number, { hideSeconds: column.hideSeconds ?? false });
      return formatSpeed(number);
    }
    default:
      return toText(value);
  }
}

/** Columns that never go into a CSV file. */
export function isCsvColumn<Row>(column: DataTableColumn<Row>): boolean {
  if (column.excludeFromCsv) return false;
  return column.type !== 'options' && column.type !== 'download' && column.type !== 'selection';
}

export function csvCellValue<Row>(column: DataTableColumn<Row>, row: Row): CsvCellValue {
  return column.csvValue ? column.csvValue(row) : cellText(column, row);
}
