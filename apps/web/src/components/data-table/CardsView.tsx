import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { type CellContext, DataTableCellContent } from './cells';
import { EmptyListMessage, emptyListState, LoadFailedNotice } from './ListStatus';
import { isActiveFilter, sortFieldOf } from './query';
import { type ListViewProps, LoadingBar } from './TableView';
import type { DataTableColumn } from './types';

/**
 * The list as cards (small screens): a sort choice and a button per filter instead of headers, one card per row,
 * and more rows as the end of the list scrolls into view.
 */
export function CardsView<Row>({ controller, columns, context, ariaLabel, texts, onOpenFilter }: ListViewProps<Row>) {
  const { rows, fetching, sort, filters, total, failed } = controller;
  const emptyState = rows.length === 0 ? emptyListState(controller) : undefined;
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
      {emptyState === 'loading' && <SkeletonCards />}
      {emptyState !== undefined && emptyState !== 'loading' && (
        <Box sx={{ py: 2 }}>
          <EmptyListMessage state={emptyState} controller={controller} texts={texts} />
        </Box>
      )}
      {rows.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <LoadFailedNotice controller={controller} texts={texts} />
        </Box>
      )}
      <InfiniteScroll
        loaded={rows.length}
        total={total}
        hasMore={controller.hasMore}
        fetching={fetching}
        failed={failed}
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
  const layout = cardLayout(columns);
  return (
    <Stack component="ul" spacing={1} aria-label={ariaLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <RowCard key={String(context.getRowId(row))} layout={layout} row={row} context={context} />
      ))}
    </Stack>
  );
}

interface CardLayout<Row> {
  selection: DataTableColumn<Row> | undefined;
  keys: DataTableColumn<Row>[];
  actions: DataTableColumn<Row>[];
  details: DataTableColumn<Row>[];
}

const ACTION_TYPES = new Set(['download', 'options']);
// Cells that need room: a line of their own even without `card: 'wide'`.
const WIDE_TYPES = new Set([
  'notes',
  'products',
  'broadbandPrimaryDetails',
  'broadbandAdditionalDetails',
  'stringEdit',
  'changeSite',
  'changeTeam',
]);

/** Sorts the columns into the card's parts: key figures and action buttons at the top, the rest below. */
function cardLayout<Row>(columns: readonly DataTableColumn<Row>[]): CardLayout<Row> {
  const layout: CardLayout<Row> = { selection: undefined, keys: [], actions: [], details: [] };
  for (const column of columns) {
    if (column.type === 'selection') layout.selection = column;
    else if (ACTION_TYPES.has(column.type ?? '')) layout.actions.push(column);
    else if (column.card === 'key' || column.card === 'wideKey') layout.keys.push(column);
    else layout.details.push(column);
  }
  return layout;
}

const labelValueGrid = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: 2,
  '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
} as const;

/**
 * One row as a compact card (decision 0058): the key figures large in a two-column grid beside the action buttons
 * (each captioned with its column, so two downloads can be told apart), then every other field as 'label value',
 * two to a line, so a phone shows several rows at once. Wide key figures take the lines after the others ('dense'
 * packing fills the gaps they leave), so the short figures share the first line.
 */
function RowCard<Row>({ layout, row, context }: { layout: CardLayout<Row>; row: Row; context: CellContext<Row> }) {
  const { selection, keys, actions, details } = layout;
  const top = selection !== undefined || keys.length > 0 || actions.length > 0;
  return (
    <Card component="li" data-testid="data-table-card">
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        {top && (
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            {selection && <DataTableCellContent column={selection} row={row} context={context} />}
            <Box component="dl" sx={{ ...labelValueGrid, flex: 1, rowGap: 0.5, gridAutoFlow: 'row dense' }}>
              {keys.map((column) => (
                <Box key={column.field} sx={column.card === 'wideKey' ? { gridColumn: '1 / -1' } : undefined}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {column.header}
                  </Typography>
                  <Typography component="dd" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
                    <DataTableCellContent column={column} row={row} context={context} />
                  </Typography>
                </Box>
              ))}
            </Box>
            {actions.length > 0 && (
              <Box sx={{ display: 'flex', gap: 0.5, mt: -0.5, mr: -0.5 }}>
                {actions.map((column) => (
                  <Stack key={column.field} sx={{ alignItems: 'center' }}>
                    <DataTableCellContent column={column} row={row} context={context} />
                    {needsCaption(column) && (
                      <Typography variant="caption" color="text.secondary" aria-hidden="true" sx={{ lineHeight: 1 }}>
                        {column.header}
                      </Typography>
                    )}
                  </Stack>
                ))}
              </Box>
            )}
          </Box>
        )}
        {details.length > 0 && (
          <Box
            component="dl"
            sx={{
              ...labelValueGrid,
              rowGap: 0.25,
              columnGap: 1.5,
              typography: 'body2',
              ...(top ? { mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' } : {}),
            }}
          >
            {details.map((column) => (
              <Box
                key={column.field}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'baseline',
                  alignContent: 'flex-start',
                  columnGap: 0.75,
                  minWidth: 0,
                  gridColumn: column.card === 'wide' || WIDE_TYPES.has(column.type ?? '') ? '1 / -1' : undefined,
                }}
              >
                <Typography component="dt" variant="caption" color="text.secondary">
                  {column.header}
                </Typography>
                <dd>
                  <DataTableCellContent column={column} row={row} context={context} />
                </dd>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Icon buttons (a download, a three-dot menu) are captioned with their column; a single action is a text button
 * whose label already says what it does, so a caption would only repeat it.
 */
function needsCaption<Row>(column: DataTableColumn<Row>): boolean {
  const textButton = column.type === 'options' && column.actions?.length === 1;
  return Boolean(column.header) && !column.headerHidden && !textButton;
}

function SkeletonCards() {
  return (
    <Stack spacing={1} aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="rounded" height={120} />
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
  failed,
  onLoadMore,
}: {
  loaded: number;
  total: number;
  hasMore: boolean;
  fetching: boolean;
  /** After a failed load the list waits for the user's retry: scrolling must not ask again and again. */
  failed: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || fetching || failed || loaded >= total || typeof IntersectionObserver === 'undefined')
      return;
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
  }, [hasMore, fetching, failed, loaded, total]);

  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
      {total > 0 && (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          Showing {loaded} of {total}
        </Typography>
      )}
      {hasMore && !failed && (
        <Button variant="outlined" size="small" disabled={fetching} onClick={onLoadMore}>
          Load more
        </Button>
      )}
      <div ref={sentinel} data-testid="data-table-sentinel" />
    </Stack>
  );
}
