import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { MY_BILLS_PAGE_SIZE } from '@portal/contract';
import { PageHeading } from '../../components/PageHeading';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { InvoiceChart } from './InvoiceChart';
import { InvoicesTable } from './InvoicesTable';
import { useBillBarClick } from './useInvoiceDownload';

/**
 * My Bills (spec 2.6): the cost, duration and calls charts above the invoice table (13 a page). With DownloadBill
 * Read a click on a bar of the cost chart (the invoice graph) downloads that bill.
 */
export function MyBillsPage() {
  const onBarClick = useBillBarClick();

  return (
    <Stack spacing={3}>
      <PageHeading title="My Bills" />
      <Grid container spacing={3}>
        <Grid size={12}>
          <ChartCard id="bills-cost-title" title="Cost">
            <InvoiceChart kind="cost" label="Cost of each bill" onBarClick={onBarClick} />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard id="bills-duration-title" title="Duration">
            <InvoiceChart kind="duration" label="Call duration of each bill" />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard id="bills-calls-title" title="Calls">
            <InvoiceChart kind="calls" label="Calls of each bill" />
          </ChartCard>
        </Grid>
      </Grid>
      <section aria-label="Invoices">
        <InvoicesTable resource="my-bills" pageSize={MY_BILLS_PAGE_SIZE} ariaLabel="Invoices" browse />
      </section>
    </Stack>
  );
}
