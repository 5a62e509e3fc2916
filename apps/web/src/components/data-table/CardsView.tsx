import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { type CellContext, DataTableCellContent } from './cells';
import { isActiveFilter, sortFieldOf } from './query';
import { type ListViewProps, LoadingBar } from './TableView';
import type { DataTableColumn } from './types';

/**
 * The list as cards (small screens): a sort choice and a button per filter instead of headers, one card per row,
 * and more rows as the end of the list scrolls into view.
 */
export function CardsView<Row>({
  controller,
  columns,
  context,
  ariaLabel,
  emptyText,
  onOpenFilter,
}: ListViewProps<Row>) {
  const { rows, fetching, sort, filters, total } = controller;
  const sortable = columns.filter((column) => column.sortable);
  const sortValue = sort ? `${sort.field} ${sort.direction}` : '';
  // A default sort on a field no column sorts by reads 'Default order'.
  const sortListed = sortable.some((column) => sortValue.startsWith(`${sortFieldOf(column)} `));
  const filterable = columns.filter((column) => column.filter);
  return (
    <Box>
      {(sortable.length > 0 || filterable.length > 0) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          {sortable.length > 0 && (
            <TextField
              select
              size="small"
              label="Sort by"
              value={sortListed ? sortValue : ''}
              onChange={(event) => {
                const [field = '', direction] = event.target.value.split(' ');
                if (field !== '') controller.setSort({ field, direction: direction === 'desc' ? 'desc' : 'asc' });
              }}
              sx={{ minWidth: 200, maxWidth: '100%' }}
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
          {filterable.map((column) => (
            <Button
              key={column.field}
              size="small"
              variant={isActiveFilter(filters[column.field]) ? 'contained' : 'outlined'}
              startIcon={<FilterList />}
              aria-label={`Filter ${column.header}`}
              onClick={() => onOpenFilter(column.field)}
            >
              {column.header}
            </Button>
          ))}
        </Stack>
      )}
      <LoadingBar show={fetching} label={ariaLabel} />
      <CardList columns={columns} rows={rows} context={context} ariaLabel={ariaLabel} />
      {!fetching && rows.length === 0 && <Typography sx={{ py: 2 }}>{emptyText}</Typography>}
      <InfiniteScroll
        loaded={rows.length}
        total={total}
        hasMore={controller.hasMore}
        fetching={fetching}
        onLoadMore={controller.loadMore}
      />
    </Box>
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
                gridTemplateColumns: 'minmax(96px, max-content) minmax(0, 1fr)',
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
