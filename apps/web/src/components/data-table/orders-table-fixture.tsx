// The orders table the DataTable's test files share: its fake API, rows, columns and helpers.
import { screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { z } from 'zod';
import { startFakeApi } from '../../test/fake-api';
import { DataTable, type DataTableColumn, type DataTableProps } from './index';
import { listOperation, renderWithProviders } from './test-utils';

/** The fake API of the test file that imports this one; each test starts with no stored list state of another. */
export const server = startFakeApi();
beforeEach(() => window.localStorage.clear());

export const OrderSchema = z.object({
  id: z.number(),
  reference: z.string(),
  createdDate: z.string(),
  status: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

export function makeOrders(count: number, reference = (n: number) => `REF-${String(n).padStart(3, '0')}`): Order[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    reference: reference(index + 1),
    createdDate: new Date(Date.UTC(2026, 0, 1 + index, 10)).toISOString(),
    status: 'Placed',
  }));
}

export const columns: DataTableColumn<Order>[] = [
  { field: 'createdDate', header: 'Date', type: 'date', sortable: true, filter: 'date' },
  { field: 'reference', header: 'Reference', sortable: true, filter: 'text' },
  { field: 'status', header: 'Status', type: 'status' },
];

export function Table(overrides: Partial<DataTableProps<Order>>) {
  return (
    <DataTable<Order>
      resource="orders"
      operation={listOperation('/api/orders')}
      parseRow={OrderSchema.parse}
      columns={columns}
      getRowId={(row) => row.id}
      ariaLabel="Orders"
      defaultSort={{ field: 'createdDate', direction: 'desc' }}
      // Small pages keep these tests' lists short; the default (20) has a test of its own.
      defaultPageSize={5}
      {...overrides}
    />
  );
}

export function renderTable(overrides: Partial<DataTableProps<Order>> = {}, url = '/') {
  return renderWithProviders(<Table {...overrides} />, { url });
}

export function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Orders' });
  return within(table).getAllByRole('row').slice(1);
}
