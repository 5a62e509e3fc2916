import { MAX_PAGE_SIZE } from '@portal/contract';
import { type Expression, type StringReference, sql } from 'kysely';

/**
 * How a field's values are typed in `$filter` literals and in the response:
 * string → 'text'; number → 42 or 12.50; boolean → true/false; date → 2026-11-21 ('YYYY-MM-DD' out);
 * datetime → 2026-11-21T10:00:00Z (ISO 8601 string out).
 */
export type ODataFieldType = 'string' | 'number' | 'boolean' | 'date' | 'datetime';

type FieldOptions = {
  type: ODataFieldType;
  /** The value can be SQL NULL; `$filter` then treats null as OData does (see the translation). */
  nullable?: boolean;
  /** May appear in `$filter` (default true). */
  filterable?: boolean;
  /** May appear in `$orderby` (default true). */
  sortable?: boolean;
  /** May appear in `$select` and the response (default true). */
  selectable?: boolean;
};

/**
 * One allow-listed field, keyed by its API name (camelCase as in the spec). Its SQL is either a column of the base
 * query (checked against the tables at compile time) or an expression the resource's author writes with Kysely's
 * `sql` (trusted code, never client text).
 */
export type ODataFieldDefinition<DB, TB extends keyof DB> = FieldOptions &
  ({ column: StringReference<DB, TB>; expression?: never } | { expression: Expression<unknown>; column?: never });

/** Field definitions with the tables forgotten: what the runtime needs. */
export type ODataFieldBase = FieldOptions & { column?: string; expression?: Expression<unknown> };

export type ODataKey = string | number;

/**
 * A named `$expand`: given the keys (primary key values) of the page's rows, loads the related lists for all of
 * them at once (one query) and returns them by key. Rows with no entry get an empty list. `context` is whatever
 * the route passes to runODataList (typically the caller's estate scope).
 */
export type ODataExpansion<Context, Item> = {
  load(keys: readonly ODataKey[], context: Context): Promise<ReadonlyMap<ODataKey, readonly Item[]>>;
};

export type ODataOrder<Name extends string = string> = { field: Name; direction: 'asc' | 'desc' };

export type FieldMap = Record<string, ODataFieldBase>;
/** Any context: `never` accepts every `load(keys, context: C)`. */
export type ExpansionMap = Record<string, ODataExpansion<never, unknown>>;

export type ODataResourceDefinition<
  DB,
  TB extends keyof DB,
  Context,
  F extends Record<string, ODataFieldDefinition<DB, TB>>,
  X extends Record<string, ODataExpansion<Context, unknown>>,
> = {
  /** Used in messages, e.g. 'invoices'. */
  name: string;
  fields: F;
  /** The primary key column(s) of the base query: the last sort keys, so every page has a stable order. */
  key: StringReference<DB, TB> | readonly StringReference<DB, TB>[];
  /** The order without `$orderby` (the key is appended either way). */
  defaultOrder: readonly ODataOrder<keyof F & string>[];
  /** The fields without `$select` (default: every selectable field). */
  defaultSelect?: readonly (keyof F & string)[];
  /** The cap on `$top` (default MAX_PAGE_SIZE, 100). */
  maxTop?: number;
  /** The page size without `$top` (default: the cap). */
  defaultTop?: number;
  expansions?: X;
};

/** A field ready for translation: its canonical API name, its SQL and its flags. */
export type ResolvedField = {
  name: string;
  type: ODataFieldType;
  nullable: boolean;
  filterable: boolean;
  sortable: boolean;
  selectable: boolean;
  /** The column, when the field is one (not an expression). */
  column: string | undefined;
  sql: Expression<unknown>;
};

export type ODataResource<F extends FieldMap = FieldMap, X extends ExpansionMap = ExpansionMap, Context = undefined> = {
  readonly name: string;
  readonly fields: F;
  readonly expansions: X;
  readonly keyColumns: readonly string[];
  readonly defaultOrder: readonly ODataOrder[];
  readonly defaultSelect: readonly string[];
  readonly maxTop: number;
  readonly defaultTop: number;
  /** Case-insensitive: `InvoiceAmount` finds `invoiceAmount`. */
  field(name: string): ResolvedField | undefined;
  /** Every field, in definition order. */
  allFields(): readonly ResolvedField[];
  /** Case-insensitive; returns the canonical name. */
  expansion(name: string): { name: string; expansion: ODataExpansion<Context, unknown> } | undefined;
  /** Phantom: the context type runODataList must be given. */
  readonly __context?: (context: Context) => void;
};

/** Any resource whose expansions take this context: what parsing and running read, whatever the fields are. */
export type AnyODataResource<Context = unknown> = ODataResource<FieldMap, ExpansionMap, Context>;

type FieldValue<Field> =
  | (Field extends { type: 'number' } ? number : Field extends { type: 'boolean' } ? boolean : string)
  | (Field extends { nullable: true } ? null : never);
type ExpansionItem<E> = E extends ODataExpansion<infer _Context, infer Item> ? Item : never;

/** A row of a list answer: the selected fields (canonical names) and the expanded lists, all optional. */
export type ODataRow<R> =
  R extends ODataResource<infer F, infer X, infer _Context>
    ? Partial<{ -readonly [K in keyof F]: FieldValue<F[K]> } & { -readonly [K in keyof X]: ExpansionItem<X[K]>[] }>
    : never;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Declares a list resource against the tables of its base query, so a mistyped column fails to compile:
 *
 *   const invoices = defineODataResource<Database, 'invoices'>()({
 *     name: 'invoices',
 *     fields: {
 *       invoiceNumber: { type: 'string', column: 'invoices.invoice_number' },
 *       billDate: { type: 'date', column: 'invoices.bill_date' },
 *     },
 *     key: 'invoices.id',
 *     defaultOrder: [{ field: 'billDate', direction: 'desc' }],
 *   });
 *
 * The third type argument is the context expansions receive. Mistakes a compiler cannot see (duplicate names, an
 * unknown default-order field, a cap below the default page size) throw here, when the module loads.
 */
export function defineODataResource<DB, TB extends keyof DB, Context = undefined>() {
  return <
    const F extends Record<string, ODataFieldDefinition<DB, TB>>,
    Items extends Record<string, unknown> = Record<never, never>,
  >(
    definition: ODataResourceDefinition<DB, TB, Context, F, { [K in keyof Items]: ODataExpansion<Context, Items[K]> }>,
  ): ODataResource<F, { [K in keyof Items]: ODataExpansion<Context, Items[K]> }, Context> => buildResource(definition);
}

function buildResource<F extends FieldMap, X extends ExpansionMap, Context>(definition: {
  name: string;
  fields: F;
  key: string | readonly string[];
  defaultOrder: readonly ODataOrder[];
  defaultSelect?: readonly string[];
  maxTop?: number;
  defaultTop?: number;
  expansions?: X;
}): ODataResource<F, X, Context> {
  const problem = (text: string) => new Error(`OData resource '${definition.name}': ${text}`);
  const byLowerName = new Map<string, ResolvedField>();
  const fields: ResolvedField[] = [];
  for (const [name, field] of Object.entries(definition.fields)) {
    if (!IDENTIFIER.test(name)) throw problem(`field name '${name}' is not an identifier`);
    if (byLowerName.has(name.toLowerCase())) throw problem(`field names '${name}' clash (case-insensitively)`);
    if ((field.column === undefined) === (field.expression === undefined)) {
      throw problem(`field '${name}' needs exactly one of column and expression`);
    }
    const resolved: ResolvedField = {
      name,
      type: field.type,
      nullable: field.nullable ?? false,
      filterable: field.filterable ?? true,
      sortable: field.sortable ?? true,
      selectable: field.selectable ?? true,
      column: field.column,
      // An expression is parenthesised so operators around it (`= $1`, `is null`) cannot bind into it.
      sql: field.column !== undefined ? sql.ref(field.column) : sql`(${field.expression!})`,
    };
    byLowerName.set(name.toLowerCase(), resolved);
    fields.push(resolved);
  }

  const expansions = (definition.expansions ?? {}) as X;
  const expansionByLowerName = new Map<string, { name: string; expansion: ODataExpansion<Context, unknown> }>();
  for (const [name, expansion] of Object.entries(expansions)) {
    if (!IDENTIFIER.test(name)) throw problem(`expansion name '${name}' is not an identifier`);
    const lower = name.toLowerCase();
    if (byLowerName.has(lower) || expansionByLowerName.has(lower)) throw problem(`expansion '${name}' clashes`);
    expansionByLowerName.set(lower, { name, expansion });
  }

  const keyColumns = typeof definition.key === 'string' ? [definition.key] : [...definition.key];
  if (keyColumns.length === 0) throw problem('key needs at least one column');
  if (expansionByLowerName.size > 0 && keyColumns.length !== 1) throw problem('expansions need a one-column key');

  for (const order of definition.defaultOrder) {
    if (!byLowerName.get(order.field.toLowerCase())?.sortable) {
      throw problem(`default order field '${order.field}' is not a sortable field`);
    }
  }
  const defaultSelect = definition.defaultSelect ?? fields.filter((f) => f.selectable).map((f) => f.name);
  for (const name of defaultSelect) {
    if (!byLowerName.get(name.toLowerCase())?.selectable) throw problem(`default select '${name}' is not selectable`);
  }

  const maxTop = definition.maxTop ?? MAX_PAGE_SIZE;
  const defaultTop = definition.defaultTop ?? maxTop;
  if (!Number.isSafeInteger(maxTop) || maxTop < 1) throw problem('maxTop must be a positive whole number');
  if (!Number.isSafeInteger(defaultTop) || defaultTop < 0 || defaultTop > maxTop) {
    throw problem('defaultTop must be a whole number from 0 to maxTop');
  }

  return {
    name: definition.name,
    fields: definition.fields,
    expansions,
    keyColumns,
    defaultOrder: definition.defaultOrder,
    defaultSelect,
    maxTop,
    defaultTop,
    field: (name) => byLowerName.get(name.toLowerCase()),
    allFields: () => fields,
    expansion: (name) => expansionByLowerName.get(name.toLowerCase()),
  };
}
