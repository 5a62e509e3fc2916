import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { useContractProducts } from './device-queries';

const NO_PRODUCTS_TEXT = 'There are no products for this contract.';

/** The contract's products (spec 2.14, as the contract page's, 2.15): name, quantity and type. */
export function ProductsCard({ orderItemId }: { orderItemId: number }) {
  const products = useContractProducts(orderItemId);
  return (
    <ChartCard id="device-products-title" title="Products">
      {products.isError ? (
        <LoadFailed text="We couldn't load the products" onRetry={products.refetch} />
      ) : products.data === undefined ? (
        <Skeleton variant="rounded" height={120} />
      ) : products.data.length === 0 ? (
        <Typography role="status" color="text.secondary">
          {NO_PRODUCTS_TEXT}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="device-products-title">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell>Type</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.data.map((product) => (
              <TableRow key={`${product.type}-${product.description}`}>
                <TableCell>{product.description}</TableCell>
                <TableCell align="right">{product.value}</TableCell>
                <TableCell>{product.type}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ChartCard>
  );
}
