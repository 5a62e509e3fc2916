import Refresh from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type OrderEventListItem, OrderEventListItemSchema, operationPath, orderOperations } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey } from '../../api/query-cache';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ChartCard } from '../../components/usage-chart/ChartCard';

const columns: DataTableColumn<OrderEventListItem>[] = [
  { field: 'createdDate', header: 'Date', type: 'date', pattern: 'dd/MM/yyyy HH:mm', sortable: true, card: 'key' },
  { field: 'user', header: 'User' },
  { field: 'notes', header: 'Notes', type: 'notes', card: 'wide' },
  { field: 'status', header: 'Status', type: 'status', card: 'key' },
];

/** Reloads the order item's events (every page and sort of them), for whatever has just added one. */
export function useReloadEvents(orderItemId: number): () => void {
  const queryClient = useQueryClient();
  const path = operationPath(orderOperations.itemEvents, { params: { orderItemId } });
  return () => void queryClient.invalidateQueries({ queryKey: apiQueryKey(path).slice(0, 2) });
}

function RefreshEvents({ orderItemId }: { orderItemId: number }) {
  const reload = useReloadEvents(orderItemId);
  return (
    <Tooltip title="Refresh events">
      <IconButton aria-label="Refresh events" onClick={reload}>
        <Refresh />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The events of the contract's order item, newest first, with a refresh button (spec 2.14 and 2.15). `idPrefix`
 * keeps its title's id and the list's URL parameters apart from another events list.
 */
export function EventsCard({
  orderItemId,
  idPrefix,
  emptyText,
}: {
  orderItemId: number;
  idPrefix: string;
  emptyText: string;
}) {
  return (
    <ChartCard id={`${idPrefix}-events-title`} title="Events" action={<RefreshEvents orderItemId={orderItemId} />}>
      <DataTable<OrderEventListItem>
        resource={`${idPrefix}-events`}
        urlKey="events"
        operation={orderOperations.itemEvents}
        params={{ orderItemId }}
        parseRow={OrderEventListItemSchema.parse}
        columns={columns}
        getRowId={(event) => `${event.createdDate}|${event.status}|${event.notes}`}
        ariaLabel="Events"
        defaultSort={{ field: 'createdDate', direction: 'desc' }}
        defaultPageSize={5}
        emptyText={emptyText}
        loadErrorText="We couldn't load the events"
      />
    </ChartCard>
  );
}
