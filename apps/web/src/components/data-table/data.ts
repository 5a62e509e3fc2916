import { MAX_PAGE_SIZE, ODATA_COUNT_KEY, type OperationInput, odataList } from '@portal/contract';
import Papa from 'papaparse';
import { z } from 'zod';
import { callOperation } from '../../api/operations';
import { saveBlob } from '../../lib/save-file';
import { csvCellValue, isCsvColumn } from './cell-text';
import { type ListQuery, listOptions } from './query';
import type { DataTableColumn, ListOperation, ListParams } from './types';

/** One fetched page: its rows and the total the filter selects. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

const ListBodySchema = odataList(z.unknown());

/** Parses `{ value, '@odata.count' }`, each row through `parseRow`; without a count the total is what was seen. */
export function parseListBody<Row>(body: unknown, parseRow: (raw: unknown) => Row, skip: number): ListPage<Row> {
  const list = ListBodySchema.parse(body);
  const rows = list.value.map((raw) => parseRow(raw));
  return { rows, total: list[ODATA_COUNT_KEY] ?? skip + rows.length };
}

export interface FetchRangeOptions<Row> {
  operation: ListOperation;
  params?: ListParams | undefined;
  query: ListQuery;
  parseRow: (raw: unknown) => Row;
  signal?: AbortSignal | undefined;
}

/**
 * Rows `skip` to `skip + count - 1`, in requests of at most MAX_PAGE_SIZE (the server's `$top` cap), stopping early
 * at the end of the list.
 */
export async function fetchRange<Row>(
  options: FetchRangeOptions<Row>,
  skip: number,
  count: number,
): Promise<ListPage<Row>> {
  const rows: Row[] = [];
  let total = skip;
  let offset = skip;
  const end = skip + count;
  while (offset < end) {
    const top = Math.min(MAX_PAGE_SIZE, end - offset);
    const input = { params: options.params, query: listOptions(options.query, { top, skip: offset }) };
    // The answer is checked by the operation's own response schema, then each row narrowed by parseRow.
    const body = await callOperation(
      options.operation,
      input as OperationInput<ListOperation>,
      options.signal ? { signal: options.signal } : {},
    );
    const page = parseListBody(body, options.parseRow, offset);
    rows.push(...page.rows);
    total = page.total;
    offset += page.rows.length;
    if (page.rows.length < top || offset >= total) break;
  }
  // A range past the end holds no rows: the total is the server's count, not the range's start.
  return { rows, total: rows.length === 0 ? total : Math.max(total, skip + rows.length) };
}

/** Every row the query selects, MAX_PAGE_SIZE at a time. */
export async function fetchAllRows<Row>(options: FetchRangeOptions<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await fetchRange(options, rows.length, MAX_PAGE_SIZE);
    rows.push(...page.rows);
    if (page.rows.length < MAX_PAGE_SIZE || rows.length >= page.total) return rows;
  }
}

// Values a spreadsheet would run as a formula get a leading quote; negative numbers and amounts (-12, -£3.50) stay.
const FORMULA_START = /^(?:[=+@\t\r]|-(?![\d£.]))/;

/** The CSV text: a header row of the column headers, then one line per row (options, download, selection left out). */
export function buildCsv<Row>(columns: readonly DataTableColumn<Row>[], rows: readonly Row[]): string {
  const csvColumns = columns.filter(isCsvColumn);
  return Papa.unparse(
    {
      fields: csvColumns.map((column) => column.header),
      data: rows.map((row) => csvColumns.map((column) => csvCellValue(column, row) ?? '')),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

/** Hands `text` to the browser as a download named `fileName` (UTF-8 with a BOM, so spreadsheets read '£'). */
export function downloadTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob(['\uFEFF', text], { type }), fileName);
}
