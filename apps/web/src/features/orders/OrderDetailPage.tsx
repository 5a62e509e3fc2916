import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type OrderItemListItem, OrderItemListItemSchema, orderOperations } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList } from '../../components/DetailList';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { StatusCell } from '../../components/data-table/cells';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { formatDate, formatDateTime } from '../../lib/format';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import { ORDER_KINDS, type OrderKind } from './order-kinds';
import { useAdditionalProducts, useOrder, useOrderItems } from './useOrder';

/** The line's password, hidden until asked for. */
function MaskedPassword({ password }: { password: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <span>{shown ? password : '••••••••'}</span>
      <IconButton size="small" aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown(!shown)}>
        {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </Stack>
  );
}

function AdditionalProducts({ orderItemId }: { orderItemId: number | undefined }) {
  const { data: products, isPending, isError, refetch } = useAdditionalProducts(orderItemId);
  if (isError) return <LoadFailed text="We couldn't load the products" onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton width={120} />;
  // The cell's own size: 'None' reads like the other cells of the row, not as a paragraph of its own.
  if (products.length === 0)
    return (
      <Typography variant="inherit" color="text.secondary">
        None
      </Typography>
    );
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2.5 }}>
      {products.map((product) => (
        <li key={product.description}>
          {product.description}
          {product.value > 1 ? ` × ${product.value}` : ''}
        </li>
      ))}
    </Stack>
  );
}

const date = (value: string | undefined) => (value ? formatDate(value) : undefined);

function BroadbandItem({ item }: { item: OrderItemListItem }) {
  return (
    <Card component="section" aria-label={`Item ${item.cli ?? ''}`}>
      <CardHeader title={item.product} subheader={item.cli} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>
          <div>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Details
            </Typography>
            <DetailList
              rows={[
                ['Phone Number', item.cli],
                ['Product', item.product],
                ['Type', item.orderItemType],
                ['Committed Date', date(item.notificationConnectionDate)],
                ['Required By', date(item.requiredBy)],
              ]}
            />
          </div>
          <div>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Additional Details
            </Typography>
            <DetailList
              rows={[
                ['Appointment Reference', item.appointmentReference],
                ['Appointment Date', date(item.appointmentDate)],
                ['Appointment Slot', item.appointmentSlot],
                ['IP Address', item.ipAddress],
                ['Username', item.username],
                ['Password', item.password ? <MaskedPassword key="password" password={item.password} /> : undefined],
                ['Notes', item.notes],
              ]}
            />
          </div>
          <div>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Additional Products
            </Typography>
            <AdditionalProducts orderItemId={item.orderItemId} />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

const mobileColumns: DataTableColumn<OrderItemListItem>[] = [
  { field: 'cli', header: 'Mobile Number', card: 'key' },
  { field: 'reference', header: 'Reference', card: 'key' },
  { field: 'simNumber', header: 'SIM Number' },
  { field: 'product', header: 'Product' },
  { field: 'orderItemType', header: 'Type' },
  { field: 'confirmedDate', header: 'Confirmed Date', type: 'date' },
  {
    field: 'additionalProducts',
    header: 'Additional Products',
    render: (item) => <AdditionalProducts orderItemId={item.orderItemId} />,
    excludeFromCsv: true,
  },
];

/** An order (spec 2.13): 'Order {reference}', when it was placed, its status and stage, and its items. */
export function OrderDetailPage({ kind }: { kind: OrderKind }) {
  const orderId = Number(useParams().orderId);
  const { data: order, isPending, isError, refetch } = useOrder(kind, orderId);
  const items = useOrderItems(orderId);
  const severalCompanies = useHasSeveralCompanies();
  const { title } = ORDER_KINDS[kind];

  if (isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PageHeading title="Order" />
        <LoadFailed text="We couldn't load this order" onRetry={() => void refetch()} />
      </Stack>
    );
  }

  if (!isPending && !order) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PageHeading title="Order" />
        <Alert severity="warning">Unable to find this order.</Alert>
        <Button component={RouterLink} to={`/${kind}/orders`} variant="outlined">
          Return to {title}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <PageHeading title={order ? `Order ${order.reference}` : 'Order'} />
      <Card component="section" aria-label="Order summary">
        <CardContent>
          {order ? (
            <DetailList
              rows={[
                ['Company', severalCompanies ? order.companyName : undefined],
                ['Order Placed', formatDateTime(order.createdDate)],
                ['Status', <StatusCell key="status" status={order.slowestOrderItemStatus} />],
                ['Stage', order.slowestOrderItemStage],
              ]}
            />
          ) : (
            <Skeleton height={48} />
          )}
        </CardContent>
      </Card>
      {kind === 'broadband' ? (
        items.isError ? (
          <LoadFailed text="We couldn't load the order's items" onRetry={() => void items.refetch()} />
        ) : items.isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : (
          <Stack spacing={3}>
            {(items.data ?? []).map((item) => (
              <BroadbandItem key={item.orderItemId} item={item} />
            ))}
          </Stack>
        )
      ) : (
        <DataTable<OrderItemListItem>
          resource="order-items-mobile"
          urlKey="items"
          operation={orderOperations.items}
          params={{ orderId }}
          parseRow={OrderItemListItemSchema.parse}
          columns={mobileColumns}
          getRowId={(item) => item.orderItemId ?? 0}
          ariaLabel="Order items"
          defaultSort={{ field: 'orderItemId', direction: 'asc' }}
          emptyText="This order has no items."
          loadErrorText="We couldn't load the order's items"
          csvFileName={order ? `order-${order.reference}` : false}
        />
      )}
      <div>
        <Button component={RouterLink} to={`/${kind}/orders`}>
          Back to {title}
        </Button>
      </div>
    </Stack>
  );
}
