/**
 * DataTable: the one server-paged list every page uses (spec 2.9).
 *
 *   <DataTable<Order>
 *     resource="orders-broadband"            // page size stored in localStorage `dataTable.pageSize.<resource>`
 *     path="/api/orders/broadband"           // OData list endpoint: { value: Row[], '@odata.count': n }
 *     parseRow={OrderSchema.parse}           // every row goes through it
 *     columns={columns}                      // DataTableColumn<Row>[], see below
 *     getRowId={(row) => row.orderId}
 *     ariaLabel="Broadband orders"
 *     defaultSort={{ field: 'createdDate', direction: 'desc' }}
 *     baseFilter="endPointTypeId eq 1"       // ANDed with the user's filters
 *     pageSizeOptions={[13]}                 // default 5, 20, 50, 100; one option hides the selector, stores nothing
 *     defaultPageSize={20}                   // when nothing is stored (default 5)
 *     select={['orderId', 'reference']}      // $select
 *     csvFileName="broadband-orders"         // 'Export CSV' button; omit or false for none
 *     toolbar={<Button>Add</Button>}         // shown above the table
 *     selection={{ selectedIds, onChange, isSelectable, rowLabel }}  // checkbox column
 *     onError={(error) => ...}               // failed CSV export, and downloads/edits whose column has no handler
 *     layout="auto"                          // 'table' | 'cards' to force one; auto: cards below the md breakpoint
 *   />
 *
 * Requests: `$top`, `$skip`, `$count=true`, `$orderby` (header clicks toggle ascending/descending), `$filter`
 * (query.ts), `$select`; the query key is `apiQueryKey(path, options)`, so writes to the same API area reload it.
 * Paging keeps the previous page on screen while the next loads. A failed load only stops the progress bar; the
 * error goes to the console and the table shows no rows.
 *
 * Columns (`field`, `header`, `value?`, `sortable?`, `sortField?`, `filter?: 'text' | 'date'`, `filterField?`,
 * `dateKind?`, `render?`, `csvValue?`, `excludeFromCsv?`, `align?`, `width?`) by `type`:
 *   string (default) · bool (icon titled 'true'/'false') · date (`pattern`, default dd/MM/yyyy) · number
 *   (`digitsInfo`, default 1.0-2) · money · bytes (table units, up to TB) · duration (`hideSeconds`) · speed (Mb/s) ·
 *   notes (pre-wrapped, 'Show more' past `previewLines`) · link (`href(row)`, a router link) · status (pending,
 *   succeeded, failed styles) · options (`actions`: one visible is a button, several a three-dot menu) · download
 *   (`download(row)`, busy until it settles; `label`, `isVisible`, `onError`) · products (`products(row)`) ·
 *   broadbandPrimaryDetails / broadbandAdditionalDetails (`details(row)` label/value pairs) · stringEdit (`save`,
 *   `canEdit`, `onSaveError`, `maxLength`) · changeSite (`value`, `options`, `text`, `save`, ...) · changeTeam
 *   (`value`, `options`, `names`, `save`, ...) · selection (checkbox; needs the `selection` prop).
 *
 * Small screens (below `md`) show one card per row (header: value for every column) and no pagination: the first
 * load asks for a page of the current page size, and each further load, when the bottom sentinel scrolls into view
 * (IntersectionObserver) or 'Load more' is pressed, doubles the rows held by fetching the next as many rows again
 * (5 → 10 → 20 → 40 ...), in requests of at most MAX_PAGE_SIZE, until the total is reached. The loaded rows are kept
 * (useInfiniteQuery), so nothing is fetched twice.
 *
 * CSV export fetches every row the current filter and sort select, MAX_PAGE_SIZE at a time, and downloads
 * `<csvFileName>.csv` with the column headers (options, download and selection columns left out).
 */
import FileDownload from '@mui/icons-material/FileDownload';
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PAGE_SIZE_OPTIONS } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { apiQueryKey } from '../../api/query-cache';
import { type CellContext, DataTableCellContent, reportError } from './cells';
import { buildCsv, downloadTextFile, fetchAllRows, fetchRange, type ListPage } from './data';
import { DateFilterDialog, TextFilterDialog } from './FilterDialogs';
import { initialPageSize, storePageSize } from './page-size';
import { buildFilter, buildOrderBy, filterChipLabel, isActiveFilter, type ListQuery, sortFieldOf } from './query';
import type { ColumnFilterValue, DataTableColumn, DataTableSelection, DataTableSort, Id } from './types';

export interface DataTableProps<Row> {
  /** Stable name of the list; keys the stored page size. */
  resource: string;
  /** The OData list endpoint, e.g. `/api/orders/broadband`. */
  path: string;
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
  csvFileName?: string | false;
  toolbar?: ReactNode;
  selection?: DataTableSelection<Row>;
  onError?: (error: unknown) => void;
  layout?: 'auto' | 'table' | 'cards';
  /** Shown when nothing matches (default 'No records found.'). */
  emptyText?: string;
}

export const NO_RECORDS_TEXT = 'No records found.';

const SELECTION_COLUMN_FIELD = '__selection';

type Filters = Readonly<Record<string, ColumnFilterValue>>;

function useLoadErrorLog(error: unknown, path: string): void {
  useEffect(() => {
    if (error) console.error(`Unable to load ${path}`, error);
  }, [error, path]);
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    resource,
    path,
    parseRow,
    getRowId,
    ariaLabel,
    defaultSort,
    baseFilter,
    select,
    csvFileName,
    toolbar,
    selection,
    onError,
    layout = 'auto',
    emptyText = NO_RECORDS_TEXT,
  } = props;
  const pageSizeOptions = props.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const columns = useMemo<readonly DataTableColumn<Row>[]>(() => {
    if (!selection || props.columns.some((column) => column.type === 'selection')) return props.columns;
    return [{ type: 'selection', field: SELECTION_COLUMN_FIELD, header: '' }, ...props.columns];
  }, [props.columns, selection]);

  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const cards = layout === 'cards' || (layout === 'auto' && small);

  const [pageSize, setPageSize] = useState(() => initialPageSize(resource, pageSizeOptions, props.defaultPageSize));
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<DataTableSort | undefined>(defaultSort);
  const [filters, setFilters] = useState<Filters>({});
  const [openFilter, setOpenFilter] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);

  const $filter = buildFilter(columns, filters, baseFilter);
  const $orderby = buildOrderBy(sort);
  const $select = select && select.length > 0 ? select.join(',') : undefined;
  const query: ListQuery = { filter: $filter, orderby: $orderby, select };
  const fetchOptions = { path, query, parseRow };

  const tableQuery = useQuery({
    queryKey: apiQueryKey(path, { $filter, $orderby, $select, $top: pageSize, $skip: page * pageSize }),
    queryFn: ({ signal }) => fetchRange({ ...fetchOptions, signal }, page * pageSize, pageSize),
    placeholderData: keepPreviousData,
    enabled: !cards,
  });

  const cardsQuery = useInfiniteQuery({
    queryKey: apiQueryKey(path, { $filter, $orderby, $select, cards: pageSize }),
    initialPageParam: { skip: 0, count: pageSize },
    queryFn: ({ pageParam, signal }) => fetchRange({ ...fetchOptions, signal }, pageParam.skip, pageParam.count),
    getNextPageParam: (lastPage: ListPage<Row>, allPages, lastParam) => {
      const loaded = allPages.reduce((sum, loadedPage) => sum + loadedPage.rows.length, 0);
      if (loaded >= lastPage.total || lastPage.rows.length < lastParam.count) return undefined;
      return { skip: loaded, count: loaded };
    },
    placeholderData: keepPreviousData,
    enabled: cards,
  });

  useLoadErrorLog(cards ? cardsQuery.error : tableQuery.error, path);

  const rows = useMemo<Row[]>(
    () => (cards ? (cardsQuery.data?.pages.flatMap((loaded) => loaded.rows) ?? []) : (tableQuery.data?.rows ?? [])),
    [cards, cardsQuery.data, tableQuery.data],
  );
  const total = cards ? (cardsQuery.data?.pages.at(-1)?.total ?? 0) : (tableQuery.data?.total ?? 0);
  const fetching = cards ? cardsQuery.isFetching : tableQuery.isFetching;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);

  // Rows removed elsewhere can leave the page past the end: go to the last one.
  useEffect(() => {
    if (!cards && !tableQuery.isFetching && tableQuery.data && page > lastPage) setPage(lastPage);
  }, [cards, tableQuery.isFetching, tableQuery.data, page, lastPage]);

  const openColumn = columns.find((column) => column.field === openFilter && column.filter);

  function applyFilter(field: string, filter: ColumnFilterValue | undefined): void {
    setFilters((current) => {
      const next = { ...current };
      if (isActiveFilter(filter)) next[field] = filter;
      else delete next[field];
      return next;
    });
    setPage(0);
    setOpenFilter(undefined);
  }

  function changeSort(next: DataTableSort): void {
    setSort(next);
    setPage(0);
  }

  function toggleSort(field: string): void {
    changeSort({ field, direction: sort?.field === field && sort.direction === 'asc' ? 'desc' : 'asc' });
  }

  function changePageSize(size: number): void {
    setPageSize(size);
    setPage(0);
    if (pageSizeOptions.length > 1) storePageSize(resource, size);
  }

  async function exportCsv(): Promise<void> {
    if (!csvFileName) return;
    setExporting(true);
    try {
      const all = await fetchAllRows({ path, query, parseRow });
      downloadTextFile(buildCsv(columns, all), `${csvFileName}.csv`);
    } catch (error) {
      reportError(error, onError);
    } finally {
      setExporting(false);
    }
  }

  const context: CellContext<Row> = { getRowId, selection, onError };
  const activeFilters = columns.filter((column) => column.filter && isActiveFilter(filters[column.field]));

  const controls = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
      {toolbar}
      {activeFilters.map((column) => (
        <Chip
          key={column.field}
          size="small"
          color="primary"
          variant="outlined"
          label={filterChipLabel(column.header, filters[column.field]!)}
          onDelete={() => applyFilter(column.field, undefined)}
        />
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {csvFileName && (
        <Button
          size="small"
          startIcon={exporting ? <CircularProgress size={16} aria-label="Exporting" /> : <FileDownload />}
          disabled={exporting}
          aria-busy={exporting}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </Button>
      )}
    </Stack>
  );

  const filterDialog = openColumn && (
    <FilterDialogFor
      column={openColumn}
      current={filters[openColumn.field]}
      onApply={(filter) => applyFilter(openColumn.field, filter)}
      onCancel={() => setOpenFilter(undefined)}
    />
  );

  const progress = <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label={`Loading ${ariaLabel}`} />}</Box>;

  if (cards) {
    const sortable = columns.filter((column) => column.sortable);
    const sortValue = sort ? `${sort.field} ${sort.direction}` : '';
    // A default sort on a field no column sorts by reads 'Default order'.
    const sortListed = sortable.some((column) => sortValue.startsWith(`${sortFieldOf(column)} `));
    return (
      <Box>
        {controls}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          {sortable.length > 0 && (
            <TextField
              select
              size="small"
              label="Sort by"
              value={sortListed ? sortValue : ''}
              onChange={(event) => {
                const [field = '', direction] = event.target.value.split(' ');
                if (field !== '') changeSort({ field, direction: direction === 'desc' ? 'desc' : 'asc' });
              }}
              sx={{ minWidth: 200 }}
            >
              {!sortListed && <MenuItem value="">Default order</MenuItem>}
              {sortable.flatMap((column) => [
                <MenuItem key={`${column.field}-asc`} value={`${sortFieldOf(column)} asc`}>
                  {column.header} (ascending)
                </MenuItem>,
                <MenuItem key={`${column.field}-desc`} value={`${sortFieldOf(column)} desc`}>
                  {column.header} (descending)
                </MenuItem>,
              ])}
            </TextField>
          )}
          {columns
            .filter((column) => column.filter)
            .map((column) => (
              <Button
                key={column.field}
                size="small"
                variant={isActiveFilter(filters[column.field]) ? 'contained' : 'outlined'}
                startIcon={<FilterList />}
                aria-label={`Filter ${column.header}`}
                onClick={() => setOpenFilter(column.field)}
              >
                {column.header}
              </Button>
            ))}
        </Stack>
        {progress}
        <CardList columns={columns} rows={rows} context={context} ariaLabel={ariaLabel} />
        {!fetching && rows.length === 0 && <Typography sx={{ py: 2 }}>{emptyText}</Typography>}
        <InfiniteScroll
          loaded={rows.length}
          total={total}
          hasMore={cardsQuery.hasNextPage}
          fetching={fetching}
          onLoadMore={() => void cardsQuery.fetchNextPage()}
        />
        {filterDialog}
      </Box>
    );
  }

  return (
    <Box>
      {controls}
      <Paper variant="outlined">
        {progress}
        <TableContainer>
          <Table size="small" aria-label={ariaLabel} aria-busy={fetching}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <HeaderCell
                    key={column.field}
                    column={column}
                    sort={sort}
                    filtered={isActiveFilter(filters[column.field])}
                    onSort={toggleSort}
                    onFilter={() => setOpenFilter(column.field)}
                    selectAll={
                      column.type === 'selection' && selection ? (
                        <SelectAllCheckbox rows={rows} getRowId={getRowId} selection={selection} />
                      ) : undefined
                    }
                  />
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={String(getRowId(row))} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.field}
                      align={column.align}
                      padding={column.type === 'selection' ? 'checkbox' : 'normal'}
                    >
                      <DataTableCellContent column={column} row={row} context={context} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {rows.length === 0 && fetching && <SkeletonRows columns={columns.length} />}
              {rows.length === 0 && !fetching && (
                <TableRow>
                  <TableCell colSpan={columns.length}>{emptyText}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...pageSizeOptions]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => changePageSize(Number(event.target.value))}
        />
      </Paper>
      {filterDialog}
    </Box>
  );
}

function HeaderCell<Row>({
  column,
  sort,
  filtered,
  onSort,
  onFilter,
  selectAll,
}: {
  column: DataTableColumn<Row>;
  sort: DataTableSort | undefined;
  filtered: boolean;
  onSort: (field: string) => void;
  onFilter: () => void;
  selectAll: ReactNode;
}) {
  const sortField = sortFieldOf(column);
  const active = column.sortable === true && sort?.field === sortField;
  return (
    <TableCell
      align={column.align}
      padding={column.type === 'selection' ? 'checkbox' : 'normal'}
      sortDirection={active ? sort.direction : false}
      sx={column.width === undefined ? undefined : { width: column.width }}
    >
      {selectAll ?? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {column.sortable ? (
            <TableSortLabel
              active={active}
              direction={active ? sort.direction : 'asc'}
              onClick={() => onSort(sortField)}
            >
              {column.header}
            </TableSortLabel>
          ) : (
            column.header
          )}
          {column.filter && (
            <IconButton
              size="small"
              aria-label={`Filter ${column.header}`}
              aria-haspopup="dialog"
              color={filtered ? 'primary' : 'default'}
              data-active={filtered || undefined}
              onClick={onFilter}
            >
              <FilterList fontSize="small" />
            </IconButton>
          )}
        </Box>
      )}
    </TableCell>
  );
}

function SelectAllCheckbox<Row>({
  rows,
  getRowId,
  selection,
}: {
  rows: readonly Row[];
  getRowId: (row: Row) => Id;
  selection: DataTableSelection<Row>;
}) {
  const selectable = rows.filter((row) => selection.isSelectable?.(row) ?? true).map((row) => String(getRowId(row)));
  const selected = new Set(selection.selectedIds.map(String));
  const count = selectable.filter((id) => selected.has(id)).length;
  const all = selectable.length > 0 && count === selectable.length;
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={count > 0 && !all}
      disabled={selectable.length === 0}
      slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
      onChange={(event) => {
        const onPage = new Set(selectable);
        const others = selection.selectedIds.filter((id) => !onPage.has(String(id)));
        const pageIds = rows.map(getRowId).filter((id) => onPage.has(String(id)));
        selection.onChange(event.target.checked ? [...others, ...pageIds] : others);
      }}
    />
  );
}

function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2].map((index) => (
        <TableRow key={index} aria-hidden="true">
          <TableCell colSpan={columns}>
            <Skeleton />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

function FilterDialogFor<Row>({
  column,
  current,
  onApply,
  onCancel,
}: {
  column: DataTableColumn<Row>;
  current: ColumnFilterValue | undefined;
  onApply: (filter: ColumnFilterValue | undefined) => void;
  onCancel: () => void;
}) {
  if (column.filter === 'date') {
    return (
      <DateFilterDialog
        header={column.header}
        current={current?.kind === 'date' ? current : undefined}
        onApply={onApply}
        onCancel={onCancel}
      />
    );
  }
  return (
    <TextFilterDialog
      header={column.header}
      current={current?.kind === 'text' ? current : undefined}
      onApply={onApply}
      onCancel={onCancel}
    />
  );
}

function CardList<Row>({
  columns,
  rows,
  context,
  ariaLabel,
}: {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  context: CellContext<Row>;
  ariaLabel: string;
}) {
  const selectionColumn = columns.find((column) => column.type === 'selection');
  const shown = columns.filter((column) => column.type !== 'selection');
  return (
    <Stack component="ul" spacing={1.5} aria-label={ariaLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Card component="li" key={String(context.getRowId(row))} data-testid="data-table-card">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            {selectionColumn && <DataTableCellContent column={selectionColumn} row={row} context={context} />}
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(96px, max-content) 1fr',
                columnGap: 2,
                rowGap: 1,
                alignItems: 'center',
                '& > dt': { color: 'text.secondary', fontWeight: 500 },
                '& > dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
              }}
            >
              {shown.map((column) => (
                <Box key={column.field} sx={{ display: 'contents' }}>
                  <dt>{column.header}</dt>
                  <dd>
                    <DataTableCellContent column={column} row={row} context={context} />
                  </dd>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The end of the card list: a sentinel that loads more when it scrolls into view, and a 'Load more' button for
 * keyboards, screen readers and browsers without IntersectionObserver.
 */
function InfiniteScroll({
  loaded,
  total,
  hasMore,
  fetching,
  onLoadMore,
}: {
  loaded: number;
  total: number;
  hasMore: boolean;
  fetching: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || fetching || loaded >= total || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the sentinel's state at once, and one is made after every load (`loaded` changes;
    // `fetching` may not be seen flipping when a load is quick), so a short list keeps loading until it fills the
    // screen or reaches the total.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        loadMore.current();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, fetching, loaded, total]);

  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
      {total > 0 && (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          Showing {loaded} of {total}
        </Typography>
      )}
      {hasMore && (
        <Button variant="outlined" size="small" disabled={fetching} onClick={onLoadMore}>
          Load more
        </Button>
      )}
      <div ref={sentinel} data-testid="data-table-sentinel" />
    </Stack>
  );
}
