import { ODATA_COUNT_KEY, type OdataList } from '@portal/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { type ODataPlan, type ODataRawOptions, parseODataOptions } from './query-options.js';
import type { AnyODataResource, ExpansionMap, FieldMap, ODataKey, ODataResource, ODataRow } from './resource.js';
import { filterToExpression } from './translate.js';

/** The column alias of the hidden key an expansion needs; never part of the answer. */
const KEY_ALIAS = 'odata_row_key';

export type ODataListInput<DB, TB extends keyof DB, O, F extends FieldMap, X extends ExpansionMap, Context> = {
  /** Runs the count (over the filtered base query as a subquery); any Kysely instance over the same connection. */
  db: Kysely<Database>;
  /**
   * FROM, JOINs and WHERE only, already limited to what the caller may see (the estate scope). The list layer adds
   * the filter (ANDed to the base query's own conditions), selection, order, paging and count.
   */
  baseQuery: SelectQueryBuilder<DB, TB, O>;
  resource: ODataResource<F, X, Context>;
  /** The raw query options, e.g. `request.query`. */
  options: ODataRawOptions;
} & (undefined extends Context ? { context?: Context } : { context: Context });

/**
 * The one list operation: parses and checks the OData options against the resource (400 `invalid_odata` naming
 * each problem), runs the page and, when `$count=true`, the count, loads any `$expand`, and answers
 * `{ value, '@odata.count'? }` with rows keyed by the fields' API names.
 *
 *   return runODataList({ db, baseQuery: scopedInvoices(db, scope), resource: invoicesResource, options: request.query });
 */
export async function runODataList<
  DB,
  TB extends keyof DB,
  O,
  F extends FieldMap,
  X extends ExpansionMap,
  Context = undefined,
>(input: ODataListInput<DB, TB, O, F, X, Context>): Promise<OdataList<ODataRow<ODataResource<F, X, Context>>>> {
  const resource: AnyODataResource<Context> = input.resource;
  const plan = parseODataOptions(resource, input.options);
  const queries = buildODataQueries(input.baseQuery, resource, plan);

  const rawRows = plan.top > 0 ? ((await queries.rows.execute()) as Record<string, unknown>[]) : [];
  // A page that is not full, and is not past the end, ends the list: its rows tell the count, so the database is
  // not asked to count the whole list again.
  const pageEndsList = plan.top > 0 && rawRows.length < plan.top && (rawRows.length > 0 || plan.skip === 0);
  const count = !plan.count
    ? undefined
    : pageEndsList
      ? plan.skip + rawRows.length
      : Number((await queries.count.execute(input.db)).rows[0]?.count ?? 0);

  const value = rawRows.map((raw) => toApiRow(raw, plan));
  if (plan.expand.length > 0 && value.length > 0) {
    const keys = rawRows.map((raw) => raw[KEY_ALIAS] as ODataKey);
    const distinctKeys = [...new Set(keys)];
    const context = input.context as Context;
    const loaded = await Promise.all(plan.expand.map(({ expansion }) => expansion.load(distinctKeys, context)));
    plan.expand.forEach(({ name }, index) => {
      const byKey = loaded[index]!;
      value.forEach((row, rowIndex) => {
        row[name] = [...(byKey.get(keys[rowIndex]!) ?? [])];
      });
    });
  }
  const list: { value: Record<string, unknown>[]; [ODATA_COUNT_KEY]?: number } = { value };
  if (count !== undefined) list[ODATA_COUNT_KEY] = count;
  return list as OdataList<ODataRow<ODataResource<F, X, Context>>>;
}

/**
 * The Kysely queries of a checked plan, unexecuted (runODataList executes them; tests compile them to look at
 * the SQL and its parameters). `rows` pages in a stable order: the requested keys, then the primary key.
 */
export function buildODataQueries<DB, TB extends keyof DB, O, Context>(
  baseQuery: SelectQueryBuilder<DB, TB, O>,
  resource: AnyODataResource<Context>,
  plan: ODataPlan<Context>,
) {
  const { filter } = plan;
  const filtered = filter ? baseQuery.where((eb) => filterToExpression(eb, filter)) : baseQuery;

  let rows = filtered.clearOrderBy();
  const orderedColumns = new Set<string>();
  for (const { field, direction } of plan.orderBy) {
    rows = rows.orderBy(field.sql, direction);
    if (field.column !== undefined) orderedColumns.add(field.column);
  }
  for (const column of resource.keyColumns) {
    if (!orderedColumns.has(column)) rows = rows.orderBy(sql.ref(column), 'asc');
  }
  const selections = plan.select.map((field) => sql`${field.sql}`.as(field.name));
  if (plan.expand.length > 0) selections.push(sql`${sql.ref(resource.keyColumns[0]!)}`.as(KEY_ALIAS));
  const page = rows.select(selections).limit(plan.top).offset(plan.skip);

  // A subquery, so a base query with DISTINCT or GROUP BY still counts its own rows.
  const inner = filtered.clearSelect().clearOrderBy().select(sql<number>`1`.as('one'));
  const count = sql<{ count: number | string }>`select count(*) as count from (${inner}) as odata_filtered`;

  return { rows: page, count };
}

function toApiRow(raw: Record<string, unknown>, plan: ODataPlan<unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of plan.select) {
    const value = raw[field.name];
    if (value instanceof Date) row[field.name] = field.type === 'date' ? isoDay(value) : value.toISOString();
    else if (field.type === 'number' && typeof value === 'string') row[field.name] = Number(value);
    else row[field.name] = value;
  }
  return row;
}

function isoDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}
