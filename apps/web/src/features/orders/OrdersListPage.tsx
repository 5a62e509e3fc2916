import Stack from '@mui/material/Stack';
import { type Order, OrderSchema } from '@portal/contract';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeading } from '../../components/PageHeading';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import { ORDER_KINDS, type OrderKind } from './order-kinds';

/** The list's columns (spec 2.13), and the company of each order when the caller has several (decision 0056). */
function columns(kind: OrderKind, company: boolean): DataTableColumn<Order>[] {
  return [
    { field: 'createdDate', header: 'Date', type: 'date', sortable: true, filter: 'date', card: 'key' },
    {
      field: 'reference',
      header: 'Reference',
      type: 'link',
      href: (order) => `/${kind}/orders/${order.orderId}`,
      sortable: true,
      filter: 'text',
      card: 'key',
    },
    ...(company
      ? [{ field: 'companyName', header: 'Company', sortable: true, filter: 'text', card: 'wide' } as const]
      : []),
    { field: 'slowestOrderItemStatus', header: 'Status', type: 'status', sortable: true },
    { field: 'slowestOrderItemStage', header: 'Stage', sortable: true },
  ];
}

/** Broadband Orders and Mobile Orders (spec 2.13): newest first, paged and filterable. */
export function OrdersListPage({ kind }: { kind: OrderKind }) {
  const { title, list } = ORDER_KINDS[kind];
  const company = useHasSeveralCompanies();
  const listColumns = useMemo(() => columns(kind, company), [kind, company]);
  return (
    <Stack spacing={3}>
      <PageHeading title={title} />
      <DataTable<Order>
        resource={`orders-${kind}`}
        urlKey="orders"
        operation={list}
        parseRow={OrderSchema.parse}
        columns={listColumns}
        getRowId={(order) => order.orderId}
        ariaLabel={title}
        defaultSort={{ field: 'createdDate', direction: 'desc' }}
        csvFileName={`${kind}-orders`}
        emptyText="There are no orders yet."
        noMatchText="No orders match this filter"
        loadErrorText="We couldn't load your orders"
      />
    </Stack>
  );
}
