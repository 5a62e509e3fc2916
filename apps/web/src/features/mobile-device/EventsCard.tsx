import { type OrderEventListItem, OrderEventListItemSchema, orderEndpoints } from '@portal/contract';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ChartCard } from '../../components/usage-chart/ChartCard';

const columns: DataTableColumn<OrderEventListItem>[] = [
  { field: 'createdDate', header: 'Date', type: 'date', pattern: 'dd/MM/yyyy HH:mm', sortable: true, card: 'key' },
  { field: 'user', header: 'User' },
  { field: 'notes', header: 'Notes', type: 'notes', card: 'wide' },
  { field: 'status', header: 'Status', type: 'status', card: 'key' },
];

/** The events of the contract's order item, newest first (spec 2.14, as 2.15's events card). */
export function EventsCard({ orderItemId }: { orderItemId: number }) {
  return (
    <ChartCard id="device-events-title" title="Events">
      <DataTable<OrderEventListItem>
        resource="device-events"
        urlKey="events"
        endpoint={orderEndpoints.itemEvents}
        params={{ orderItemId }}
        parseRow={OrderEventListItemSchema.parse}
        columns={columns}
        getRowId={(event) => `${event.createdDate}|${event.status}|${event.notes}`}
        ariaLabel="Events"
        defaultSort={{ field: 'createdDate', direction: 'desc' }}
        defaultPageSize={5}
        emptyText="There are no events for this device."
        loadErrorText="We couldn't load the events"
      />
    </ChartCard>
  );
}
