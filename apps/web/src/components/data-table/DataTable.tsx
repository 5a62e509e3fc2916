/**
 * DataTable: the one server-paged list every page uses (spec 2.9).
 *
 *   <DataTable<Order>
 *     resource="orders-broadband"            // page size stored in localStorage `dataTable.pageSize.<resource>`
 *     operation={orderOperations.broadband}    // OData list operation of the contract: { value: Row[], '@odata.count': n }
 *     params={{ orderId }}                   // its path parameters, if any
 *     parseRow={OrderSchema.parse}           // every row goes through it
 *     columns={columns}                      // DataTableColumn<Row>[], see below
 *     getRowId={(row) => row.orderId}
 *     ariaLabel="Broadband orders"
 *     defaultSort={{ field: 'createdDate', direction: 'desc' }}
 *     baseFilter="endPointTypeId eq 1"       // ANDed with the user's filters
 *     pageSizeOptions={[13]}                 // default 5, 20, 50, 100; one option hides the selector, stores nothing
 *     defaultPageSize={50}                   // when nothing is stored (default 20, decision 0057)
 *     select={['orderId', 'reference']}      // $select
 *     expand={['teams']}                     // $expand
 *     csvFileName="broadband-orders"         // 'Export CSV' button; omit or false for none
 *     toolbar={<Button>Add</Button>}         // shown above the table
 *     selection={{ selectedIds, onChange, isSelectable, rowLabel }}  // checkbox column
 *     onError={(error) => ...}               // failed CSV export, and downloads/edits whose column has no handler
 *     layout="auto"                          // 'table' | 'cards' to force one; auto: cards below the md breakpoint
 *     urlKey="orders"                        // namespaces its URL parameters (default: resource); unique per page
 *     emptyText="No orders yet."             // no rows at all
 *     noMatchText="No orders match this filter"        // no rows for the user's filters (with Clear filters)
 *     loadErrorText="We couldn't load your orders"     // a failed load (with Retry)
 *   />
 *
 * Page, page size, sort and filters live in the URL's search parameters (`?orders.page=2&orders.sort=reference.asc
 * &orders.f.reference=abc`, list-params.ts), so Back, reload and a shared link keep them; user actions add a history
 * entry, corrections of a stale or hand-edited URL replace it. The state and the queries are the list controller's
 * (useListController.ts); TableView and CardsView draw it.
 *
 * Requests: `$top`, `$skip`, `$count=true`, `$orderby` (header clicks toggle ascending/descending), `$filter`
 * (query.ts), `$select`; the query key is `apiQueryKey(path, options)` of the operation's path, so writes to the same API area reload it.
 * Paging keeps the previous page on screen while the next loads. Without rows the list says which of four states it
 * is in (decision 0055): loading (skeleton rows or cards), empty (`emptyText`), empty for the user's filters
 * (`noMatchText` and a Clear filters button), or failed (`loadErrorText` and a Retry button); a failure while rows are
 * on screen (the next cards, a reload) shows the same text and Retry above the table or below the cards. The error
 * also goes to the console. A page past the end (a stale link, rows removed elsewhere) shows the last page instead.
 *
 * Columns (`field`, `header`, `value?`, `sortable?`, `sortField?`, `filter?: 'text' | 'date'`, `filterField?`,
 * `dateKind?`, `render?`, `csvValue?`, `excludeFromCsv?`, `align?`, `width?`, `card?`) by `type`:
 *   string (default) · bool (icon titled 'true'/'false') · date (`pattern`, default dd/MM/yyyy) · number
 *   (`digitsInfo`, default 1.0-2) · money · bytes (table units, up to TB) · duration (`hideSeconds`) · speed (Mb/s) ·
 *   notes (pre-wrapped, 'Show more' past `previewLines`) · link (`href(row)`, a router link) · status (pending,
 *   succeeded, failed styles) · options (`actions`: one visible is a button, several a three-dot menu) · download
 *   (`download(row)`, busy until it settles; `label`, `isVisible`, `onError`) · products (`products(row)`) ·
 *   broadbandPrimaryDetails / broadbandAdditionalDetails (`details(row)` label/value pairs) · stringEdit (`save`,
 *   `canEdit`, `onSaveError`, `maxLength`) · changeSite (`value`, `options`, `text`, `save`, ...) · changeTeam
 *   (`value`, `options`, `names`, `save`, ...) · selection (checkbox; needs the `selection` prop).
 *
 * Small screens (below `md`) show one compact card per row (decision 0058: the columns marked `card: 'key'` large at
 * the top beside the download and options buttons, the others as 'label value' two to a line, `card: 'wide'` and
 * roomy cell types on a line of their own) and no pagination: the first
 * load asks for a page of the current page size, and each further load, when the bottom sentinel scrolls into view
 * (IntersectionObserver) or 'Load more' is pressed, doubles the rows held by fetching the next as many rows again
 * (5 → 10 → 20 → 40 ...), in requests of at most MAX_PAGE_SIZE, until the total is reached. The loaded rows are kept
 * (useInfiniteQuery), so nothing is fetched twice. Sort and filters stay in the URL; the page number is not used.
 *
 * CSV export fetches every row the current filter and sort select, MAX_PAGE_SIZE at a time, and downloads
 * `<csvFileName>.csv` with the column headers (options, download and selection columns left out).
 */
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { CardsView } from './CardsView';
import type { CellContext } from './cells';
import { ColumnFilterDialog } from './FilterDialogs';
import { ListToolbar } from './ListToolbar';
import { TableView } from './TableView';
import type { DataTableColumn, DataTableSelection, DataTableSort, Id, ListOperation, ListParams } from './types';
import { useListController } from './useListController';

export interface DataTableProps<Row> {
  /** Stable name of the list; keys the stored page size. */
  resource: string;
  /** The OData list operation of the contract, e.g. `orderOperations.broadband`, and its path parameters. */
  operation: ListOperation;
  params?: ListParams;
  parseRow: (raw: unknown) => Row;
  columns: readonly DataTableColumn<Row>[];
  getRowId: (row: Row) => Id;
  /** The table's (and cards') accessible name. */
  ariaLabel: string;
  defaultSort?: DataTableSort;
  baseFilter?: string;
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  select?: readonly string[];
  /** `$expand`: related lists each row carries (`['teams']`). */
  expand?: readonly string[];
  csvFileName?: string | false;
  toolbar?: ReactNode;
  selection?: DataTableSelection<Row>;
  onError?: (error: unknown) => void;
  layout?: 'auto' | 'table' | 'cards';
  /** Shown when the list has no rows at all (default 'No records found.'). */
  emptyText?: string;
  /** Beside the empty text: what the user can do about it (an add button). */
  emptyAction?: ReactNode;
  /** Shown when the user's filters match nothing, beside Clear filters (default 'No records match this filter'). */
  noMatchText?: string;
  /** Shown when a load fails, beside Retry (default "We couldn't load this list"). */
  loadErrorText?: string;
  /** Prefix of the list's URL parameters (default: `resource`); two tables on one page need different ones. */
  urlKey?: string;
}

export const NO_RECORDS_TEXT = 'No records found.';
const NO_MATCH_TEXT = 'No records match this filter';
const LOAD_ERROR_TEXT = "We couldn't load this list";

const SELECTION_COLUMN_FIELD = '__selection';

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { getRowId, ariaLabel, csvFileName, toolbar, selection, onError, layout = 'auto' } = props;
  const columns = useMemo<readonly DataTableColumn<Row>[]>(() => {
    if (!selection || props.columns.some((column) => column.type === 'selection')) return props.columns;
    return [{ type: 'selection', field: SELECTION_COLUMN_FIELD, header: '' }, ...props.columns];
  }, [props.columns, selection]);

  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const mode = layout === 'cards' || (layout === 'auto' && small) ? 'cards' : 'table';

  const controller = useListController<Row>({
    resource: props.resource,
    urlKey: props.urlKey ?? props.resource,
    operation: props.operation,
    params: props.params,
    parseRow: props.parseRow,
    columns,
    defaultSort: props.defaultSort,
    baseFilter: props.baseFilter,
    pageSizeOptions: props.pageSizeOptions ?? PAGE_SIZE_OPTIONS,
    defaultPageSize: props.defaultPageSize,
    select: props.select,
    expand: props.expand,
    csvFileName,
    onError,
    mode,
  });
  const [openFilter, setOpenFilter] = useState<string | undefined>();
  const openColumn = columns.find((column) => column.field === openFilter && column.filter);

  const context: CellContext<Row> = { getRowId, selection, onError };
  const View = mode === 'cards' ? CardsView : TableView;
  return (
    <div>
      <ListToolbar controller={controller} columns={columns} toolbar={toolbar} csv={Boolean(csvFileName)} />
      <View
        controller={controller}
        columns={columns}
        context={context}
        ariaLabel={ariaLabel}
        texts={{
          empty: props.emptyText ?? NO_RECORDS_TEXT,
          ...(props.emptyAction ? { emptyAction: props.emptyAction } : {}),
          noMatch: props.noMatchText ?? NO_MATCH_TEXT,
          loadError: props.loadErrorText ?? LOAD_ERROR_TEXT,
        }}
        onOpenFilter={setOpenFilter}
      />
      {openColumn && (
        <ColumnFilterDialog
          column={openColumn}
          current={controller.filters[openColumn.field]}
          onApply={(filter) => {
            controller.setFilter(openColumn.field, filter);
            setOpenFilter(undefined);
          }}
          onCancel={() => setOpenFilter(undefined)}
        />
      )}
    </div>
  );
}
