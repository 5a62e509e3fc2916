import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { useContractProducts } from './contract-queries';

const NO_PRODUCTS_TEXT = 'There are no products for this contract.';

/** The contract's products (spec 2.14 and 2.15): name, quantity and type. `idPrefix` keeps its title's id unique. */
export function ProductsCard({ orderItemId, idPrefix }: { orderItemId: number; idPrefix: string }) {
  const products = useContractProducts(orderItemId);
  const titleId = `${idPrefix}-products-title`;
  return (
    <ChartCard id={titleId} title="Products">
      {products.isError ? (
        <LoadFailed text="We couldn't load the products" onRetry={products.refetch} />
      ) : products.data === undefined ? (
        <Skeleton variant="rounded" height={120} />
      ) : products.data.length === 0 ? (
        <Typography role="status" color="text.secondary">
          {NO_PRODUCTS_TEXT}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
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
