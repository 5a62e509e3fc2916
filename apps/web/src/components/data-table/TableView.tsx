import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import { VISUALLY_HIDDEN } from '../visually-hidden';
import { type CellContext, DataTableCellContent } from './cells';
import { EmptyListMessage, emptyListState, type ListTexts, LoadFailedNotice } from './ListStatus';
import { isActiveFilter, sortFieldOf } from './query';
import type { DataTableColumn, DataTableSelection, DataTableSort, Id } from './types';
import type { ListController } from './useListController';

export interface ListViewProps<Row> {
  controller: ListController<Row>;
  columns: readonly DataTableColumn<Row>[];
  context: CellContext<Row>;
  ariaLabel: string;
  texts: ListTexts;
  onOpenFilter: (field: string) => void;
}

// Figures and dates read as one piece: '4d 4h 2m 42s' or '120.19 GB' broken over two lines reads as two values.
const UNBROKEN_TYPES = new Set(['date', 'number', 'money', 'bytes', 'duration', 'speed']);

export function LoadingBar({ show, label }: { show: boolean; label: string }) {
  return <Box sx={{ height: 4 }}>{show && <LinearProgress aria-label={`Loading ${label}`} />}</Box>;
}

/** The list as a table: sortable and filterable headers, a page at a time with the page size choice below. */
export function TableView<Row>({ controller, columns, context, ariaLabel, texts, onOpenFilter }: ListViewProps<Row>) {
  const { rows, fetching, sort, filters, total, page, pageSize, pageSizeOptions } = controller;
  const { getRowId, selection } = context;
  const emptyState = rows.length === 0 ? emptyListState(controller) : undefined;
  return (
    <Paper variant="outlined">
      <LoadingBar show={fetching} label={ariaLabel} />
      {rows.length > 0 && <LoadFailedNotice controller={controller} texts={texts} />}
      <TableContainer>
        <Table
          size="small"
          aria-label={ariaLabel}
          aria-busy={fetching}
          // 12 px between columns rather than 16: the bills of several companies keep all ten columns on a laptop.
          sx={{ '& .MuiTableCell-sizeSmall:not(.MuiTableCell-paddingCheckbox)': { px: 1.5 } }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell
                  key={column.field}
                  column={column}
                  sort={sort}
                  filtered={isActiveFilter(filters[column.field])}
                  onSort={controller.toggleSort}
                  onFilter={() => onOpenFilter(column.field)}
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
                    sx={column.unbroken || UNBROKEN_TYPES.has(column.type ?? '') ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    <DataTableCellContent column={column} row={row} context={context} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {emptyState === 'loading' && <SkeletonRows columns={columns.length} />}
            {emptyState !== undefined && emptyState !== 'loading' && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <EmptyListMessage state={emptyState} controller={controller} texts={texts} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* A first load that failed knows no count: '0–0 of 0' would say there is nothing. */}
      {!(emptyState === 'failed' && total === 0) && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...pageSizeOptions]}
          onPageChange={(_event, next) => controller.setPage(next)}
          onRowsPerPageChange={(event) => controller.setPageSize(Number(event.target.value))}
        />
      )}
    </Paper>
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
      {selectAll ??
        (column.headerHidden ? (
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {column.header}
          </Box>
        ) : (
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
        ))}
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
