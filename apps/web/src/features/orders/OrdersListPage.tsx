import Stack from '@mui/material/Stack';
import { type Order, OrderSchema } from '@portal/contract';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeading } from '../../components/PageHeading';
import { ORDER_KINDS, type OrderKind } from './order-kinds';

function columns(kind: OrderKind): DataTableColumn<Order>[] {
  return [
    { field: 'createdDate', header: 'Date', type: 'date', sortable: true, filter: 'date' },
    {
      field: 'reference',
      header: 'Reference',
      type: 'link',
      href: (order) => `/${kind}/orders/${order.orderId}`,
      sortable: true,
      filter: 'text',
    },
    { field: 'slowestOrderItemStatus', header: 'Status', type: 'status', sortable: true },
    { field: 'slowestOrderItemStage', header: 'Stage', sortable: true },
  ];
}

/** Broadband Orders and Mobile Orders (spec 2.13): newest first, paged and filterable. */
export function OrdersListPage({ kind }: { kind: OrderKind }) {
  const { title, list } = ORDER_KINDS[kind];
  return (
    <Stack spacing={3}>
      <PageHeading title={title} />
      <DataTable<Order>
        resource={`orders-${kind}`}
        urlKey="orders"
        endpoint={list}
        parseRow={OrderSchema.parse}
        columns={columns(kind)}
        getRowId={(order) => order.orderId}
        ariaLabel={title}
        defaultSort={{ field: 'createdDate', direction: 'desc' }}
        csvFileName={`${kind}-orders`}
        emptyText="There are no orders yet."
      />
    </Stack>
  );
}
