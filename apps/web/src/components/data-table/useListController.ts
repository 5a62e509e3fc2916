import { type OperationInput, operationPath } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { apiQueryKey } from '../../api/query-cache';
import { reportError } from './cells';
import { buildCsv, downloadTextFile, fetchAllRows, fetchRange, type ListPage } from './data';
import type { Filters, ListParamsSpec } from './list-params';
import { initialPageSize, storePageSize } from './page-size';
import { buildFilter, buildOrderBy, isActiveFilter, type ListQuery, sortFieldOf } from './query';
import type { ColumnFilterValue, DataTableColumn, DataTableSort, ListOperation, ListParams } from './types';
import { useListParams } from './useListParams';

export interface ListControllerOptions<Row> {
  /** Keys the stored page size. */
  resource: string;
  /** Namespaces the list's URL parameters (list-params.ts). */
  urlKey: string;
  operation: ListOperation;
  params?: ListParams | undefined;
  parseRow: (raw: unknown) => Row;
  columns: readonly DataTableColumn<Row>[];
  defaultSort?: DataTableSort | undefined;
  baseFilter?: string | undefined;
  pageSizeOptions: readonly number[];
  defaultPageSize?: number | undefined;
  select?: readonly string[] | undefined;
  expand?: readonly string[] | undefined;
  csvFileName?: string | false | undefined;
  onError?: ((error: unknown) => void) | undefined;
  /** 'table' pages; 'cards' loads more as the user scrolls (and ignores the page number). */
  mode: 'table' | 'cards';
}

/** Everything a view of the list needs: the rows, the list state and the actions that change it. */
export interface ListController<Row> {
  rows: Row[];
  total: number;
  fetching: boolean;
  /** 0-based, within the pages there are. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  sort: DataTableSort | undefined;
  filters: Filters;
  setPage(page: number): void;
  setPageSize(size: number): void;
  setSort(sort: DataTableSort): void;
  /** Ascending, or descending when the list is already ascending by this field. */
  toggleSort(field: string): void;
  /** Sets or (with undefined or an inactive filter) removes a column's filter. */
  setFilter(field: string, filter: ColumnFilterValue | undefined): void;
  /** Whether a user filter is on, and removing every one of them. */
  filtered: boolean;
  clearFilters(): void;
  /** The last load failed: the first rows, the next page or more cards, or a reload of rows on screen. */
  failed: boolean;
  /** Asks again for what failed (the rows on screen, or the next cards). */
  retry(): void;
  /** Cards: whether more rows can be loaded, and loading them. */
  hasMore: boolean;
  loadMore(): void;
  exporting: boolean;
  exportCsv(): Promise<void>;
}

function useLoadErrorLog(error: unknown, path: string): void {
  useEffect(() => {
    if (error) console.error(`Unable to load ${path}`, error);
  }, [error, path]);
}

function listParamsSpec<Row>(options: ListControllerOptions<Row>): ListParamsSpec {
  const filterKinds: Record<string, 'text' | 'date'> = {};
  for (const column of options.columns) if (column.filter) filterKinds[column.field] = column.filter;
  return {
    key: options.urlKey,
    sortFields: new Set(options.columns.filter((column) => column.sortable).map(sortFieldOf)),
    filterKinds,
    pageSizeOptions: options.pageSizeOptions,
    defaultSort: options.defaultSort,
  };
}

/**
 * The list controller of DataTable: page, page size, sort and filters (kept in the URL, useListParams), the server
 * queries (a page at a time, or growing for cards), and CSV export. Its HTTP calls are the two of data.ts.
 */
export function useListController<Row>(options: ListControllerOptions<Row>): ListController<Row> {
  const {
    resource,
    operation,
    params: pathParams,
    parseRow,
    columns,
    baseFilter,
    select,
    expand,
    csvFileName,
  } = options;
  const { onError, mode } = options;
  const path = operationPath(operation, { params: pathParams } as OperationInput<ListOperation>);
  const { pageSizeOptions } = options;
  const cards = mode === 'cards';

  // The size the list has when the URL names none: the stored choice, else the default. Read once per mount.
  const [restingPageSize, setRestingPageSize] = useState(() =>
    initialPageSize(resource, pageSizeOptions, options.defaultPageSize),
  );
  const [params, updateParams] = useListParams(listParamsSpec(options));
  const pageSize = params.pageSize ?? restingPageSize;
  const requestedPage = cards ? 0 : params.page;
  const { sort, filters } = params;
  const [exporting, setExporting] = useState(false);

  const $filter = buildFilter(columns, filters, baseFilter);
  const $orderby = buildOrderBy(sort);
  const $select = select && select.length > 0 ? select.join(',') : undefined;
  const $expand = expand && expand.length > 0 ? expand.join(',') : undefined;
  const query: ListQuery = { filter: $filter, orderby: $orderby, select, expand };
  const fetchOptions = { operation, params: pathParams, query, parseRow };

  const tableQuery = useQuery({
    queryKey: apiQueryKey(path, {
      $filter,
      $orderby,
      $select,
      $expand,
      $top: pageSize,
      $skip: requestedPage * pageSize,
    }),
    queryFn: ({ signal }) => fetchRange({ ...fetchOptions, signal }, requestedPage * pageSize, pageSize),
    placeholderData: keepPreviousData,
    enabled: !cards,
  });

  const cardsQuery = useInfiniteQuery({
    queryKey: apiQueryKey(path, { $filter, $orderby, $select, $expand, cards: pageSize }),
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

  // A failed page has no data, but the pagination should still say where the user is: keep the last total seen.
  const knownTotal = cards ? cardsQuery.data?.pages.at(-1)?.total : tableQuery.data?.total;
  const [lastTotal, setLastTotal] = useState(0);
  if (knownTotal !== undefined && knownTotal !== lastTotal) setLastTotal(knownTotal);
  const total = knownTotal ?? lastTotal;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  // A page past the end (a stale link, or rows removed elsewhere) is shown as loading until the URL is corrected.
  const pastTheEnd =
    !cards && tableQuery.data !== undefined && !tableQuery.isPlaceholderData && requestedPage > lastPage;
  const rows = useMemo<Row[]>(() => {
    if (cards) return cardsQuery.data?.pages.flatMap((loaded) => loaded.rows) ?? [];
    return pastTheEnd ? [] : (tableQuery.data?.rows ?? []);
  }, [cards, cardsQuery.data, tableQuery.data, pastTheEnd]);
  const fetching = (cards ? cardsQuery.isFetching : tableQuery.isFetching) || pastTheEnd;
  const failed = cards ? cardsQuery.isError : tableQuery.isError;
  const filtered = Object.values(filters).some(isActiveFilter);

  useEffect(() => {
    if (pastTheEnd && !tableQuery.isFetching) updateParams({ ...params, page: lastPage }, { replace: true });
  }, [pastTheEnd, tableQuery.isFetching, params, lastPage, updateParams]);

  function setPage(page: number): void {
    updateParams({ ...params, page });
  }

  function setPageSize(size: number): void {
    if (pageSizeOptions.length > 1) {
      storePageSize(resource, size);
      setRestingPageSize(size);
    }
    // Back should bring the old size back, not the newly stored one: pin it on the entry being left.
    if (params.pageSize === undefined) updateParams({ ...params, pageSize }, { replace: true });
    updateParams({ ...params, page: 0, pageSize: size });
  }

  function setSort(next: DataTableSort): void {
    updateParams({ ...params, page: 0, sort: next });
  }

  function toggleSort(field: string): void {
    setSort({ field, direction: sort?.field === field && sort.direction === 'asc' ? 'desc' : 'asc' });
  }

  function setFilter(field: string, filter: ColumnFilterValue | undefined): void {
    const next: Record<string, ColumnFilterValue> = { ...filters };
    if (isActiveFilter(filter)) next[field] = filter;
    else delete next[field];
    updateParams({ ...params, page: 0, filters: next });
  }

  function clearFilters(): void {
    updateParams({ ...params, page: 0, filters: {} });
  }

  function retry(): void {
    if (!cards) void tableQuery.refetch();
    else if (cardsQuery.isFetchNextPageError) void cardsQuery.fetchNextPage();
    else void cardsQuery.refetch();
  }

  async function exportCsv(): Promise<void> {
    if (!csvFileName) return;
    setExporting(true);
    try {
      const all = await fetchAllRows(fetchOptions);
      downloadTextFile(buildCsv(columns, all), `${csvFileName}.csv`);
    } catch (error) {
      reportError(error, onError);
    } finally {
      setExporting(false);
    }
  }

  return {
    rows,
    total,
    fetching,
    page: Math.min(requestedPage, lastPage),
    pageSize,
    pageSizeOptions,
    sort,
    filters,
    setPage,
    setPageSize,
    setSort,
    toggleSort,
    setFilter,
    filtered,
    clearFilters,
    failed,
    retry,
    hasMore: cards && cardsQuery.hasNextPage,
    loadMore: () => void cardsQuery.fetchNextPage(),
    exporting,
    exportCsv,
  };
}
