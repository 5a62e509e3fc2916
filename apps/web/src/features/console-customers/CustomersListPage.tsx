import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type CustomerListItem, CustomerListItemSchema, consoleCustomerOperations } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeading } from '../../components/PageHeading';

const count = (field: string, header: string): DataTableColumn<CustomerListItem> => ({
  field,
  header,
  type: 'number',
  sortable: true,
  align: 'right',
});

// Module-level, so the table's columns are not rebuilt on every render.
const COLUMNS: DataTableColumn<CustomerListItem>[] = [
  {
    field: 'name',
    header: 'Company',
    type: 'link',
    href: (row) => `/console/customers/${row.id}`,
    sortable: true,
    filter: 'text',
    card: 'wideKey',
  },
  { field: 'accountNumber', header: 'Account number', sortable: true, filter: 'text', card: 'key', unbroken: true },
  { ...count('users', 'Users'), card: 'key' },
  count('mobileDevices', 'Mobile devices'),
  count('broadbandContracts', 'Broadband contracts'),
  count('sites', 'Sites'),
  count('teams', 'Teams'),
];

/** The reseller console's Customers (decision 0219): the partner's companies with their users and estate counts. */
export function CustomersListPage() {
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <PageHeading title="Customers" />
        <Button component={RouterLink} to="/console/customers/new" variant="contained" startIcon={<Add />}>
          Onboard a customer
        </Button>
      </Stack>
      <DataTable<CustomerListItem>
        resource="console-customers"
        urlKey="customers"
        operation={consoleCustomerOperations.list}
        parseRow={CustomerListItemSchema.parse}
        columns={COLUMNS}
        getRowId={(row) => row.id ?? 0}
        ariaLabel="Customers"
        defaultSort={{ field: 'name', direction: 'asc' }}
        csvFileName="customers"
        emptyText="You have no customers yet."
        noMatchText="No customers match this filter"
        loadErrorText="We couldn't load your customers"
      />
    </Stack>
  );
}
