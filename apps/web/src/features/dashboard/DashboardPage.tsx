import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DASHBOARD_BILLS_PAGE_SIZE } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { PageLoader } from '../../components/PageLoader';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { ChartFrame } from '../../components/usage-chart/ChartFrame';
import { useCan } from '../../session/useCan';
import { useCompanyNames } from '../../session/useSession';
import { InvoicesTable } from '../bills/InvoicesTable';
import { useBillBarClick } from '../bills/useInvoiceDownload';
import { SpendForecastCard } from '../spend-forecast/SpendForecastCard';
import { EstateTile, LatestBillTile, UnbilledCallsTile } from './CountTiles';
import { DASHBOARD_SECTION_PERMISSIONS, type DashboardSections, hasDashboardContent } from './dashboard-sections';
import { HomeShortcuts } from './HomeShortcuts';

// Spec 2.3 treats md as small for the page grid: one column up to md, two from lg. Count tiles sit three to a row
// from md, where even a 900 px screen has room for them.
const TILE_SIZE = { xs: 12, md: 4 } as const;
const HALF_SIZE = { xs: 12, lg: 6 } as const;

// The charts' library is most of the home page's code: the tiles and the bills table draw without waiting for it,
// and each chart shows its own loading state meanwhile (its data was started with the page, first-screen-data.ts).
const InvoiceChart = lazy(() => import('../bills/InvoiceChart').then((module) => ({ default: module.InvoiceChart })));
const UsageChart = lazy(() =>
  import('../../components/usage-chart/UsageChart').then((module) => ({ default: module.UsageChart })),
);
const COST_CHART_LABEL = 'Cost of each bill';
/** The bill-download progress strip above the invoice chart's frame, so the chart does not move when it arrives. */
const INVOICE_CHART_OFFSET = { pt: '4px' } as const;
const USAGE_CHART_LABEL = 'Monthly mobile usage';
/** The spend forecast sits with the bills' cost chart and opens to the same readers: every line of the estate. */
const ESTATE_SPEND = { kind: 'estate' } as const;

/**
 * The home route's dashboard (spec 2.5): count tiles, this month's spend and its forecast (decision 0215), the
 * monthly cost chart, the monthly mobile usage chart and the
 * latest bills, each only with the permission it needs. A user entitled to none of them, or whose estate has no
 * company for the figures to belong to, gets shortcuts to the pages they can open instead (decision 0062).
 */
export function DashboardPage() {
  const sections = useDashboardSections();
  const companies = useCompanyNames();
  // Companies that failed to load leave the choice to the permissions; the tiles then show the failure. A failed
  // list counts as answered even while a Retry is under way (TanStack reports that refetch as pending again), so
  // the page never falls back to its loader and takes the tiles, and their Retry, away.
  const companiesAnswered = companies.data !== undefined || companies.errorUpdateCount > 0;
  const waiting = sections === undefined || !companiesAnswered;
  const hasCompany = companies.data === undefined || companies.data.length > 0;
  return (
    <Stack spacing={3}>
      <PageHeading title="Home" />
      {waiting ? (
        <PageLoader />
      ) : hasDashboardContent(sections) && hasCompany ? (
        <Dashboard sections={sections} />
      ) : (
        <HomeShortcuts companies={companies.data} />
      )}
    </Stack>
  );
}

/** The sections the caller may see; undefined while the permissions load. */
function useDashboardSections(): DashboardSections | undefined {
  const bills = useCan(...DASHBOARD_SECTION_PERMISSIONS.bills);
  const mobile = useCan(...DASHBOARD_SECTION_PERMISSIONS.mobile);
  const broadband = useCan(...DASHBOARD_SECTION_PERMISSIONS.broadband);
  if (bills === undefined || mobile === undefined || broadband === undefined) return undefined;
  return { bills, mobile, broadband };
}

function Dashboard({ sections }: { sections: DashboardSections }) {
  const onBarClick = useBillBarClick();
  const estate = sections.mobile || sections.broadband;
  // A chart without a neighbour takes the whole row rather than leaving half of it empty.
  const chartSize = sections.bills && sections.mobile ? HALF_SIZE : 12;
  return (
    <Grid container spacing={3}>
      {sections.bills ? (
        <>
          <Grid size={TILE_SIZE}>
            <UnbilledCallsTile />
          </Grid>
          <Grid size={TILE_SIZE}>
            <LatestBillTile />
          </Grid>
        </>
      ) : null}
      {estate ? (
        <Grid size={TILE_SIZE}>
          <EstateTile mobile={sections.mobile} broadband={sections.broadband} />
        </Grid>
      ) : null}
      {sections.bills ? (
        <Grid size={12}>
          <SpendForecastCard source={ESTATE_SPEND} lines="all lines" />
        </Grid>
      ) : null}
      {sections.bills ? (
        <Grid size={chartSize}>
          <ChartCard id="dashboard-cost-title" title="Monthly Cost">
            <Suspense fallback={<ChartFrame label={COST_CHART_LABEL} loading sx={INVOICE_CHART_OFFSET} />}>
              <InvoiceChart kind="cost" label={COST_CHART_LABEL} onBarClick={onBarClick} />
            </Suspense>
          </ChartCard>
        </Grid>
      ) : null}
      {sections.mobile ? (
        <Grid size={chartSize}>
          <ChartCard id="dashboard-usage-title" title="Monthly Mobile Usage">
            <Suspense fallback={<ChartFrame label={USAGE_CHART_LABEL} loading />}>
              <UsageChart source={{ kind: 'user' }} keys={['monthly']} label={USAGE_CHART_LABEL} />
            </Suspense>
          </ChartCard>
        </Grid>
      ) : null}
      {sections.bills ? (
        <Grid size={12}>
          <ChartCard
            id="dashboard-bills-title"
            title="My Bills"
            action={
              <Link component={RouterLink} to="/my-bills" variant="body2" sx={{ mr: 1 }}>
                View all bills
              </Link>
            }
          >
            <InvoicesTable resource="dashboard-bills" pageSize={DASHBOARD_BILLS_PAGE_SIZE} ariaLabel="Latest bills" />
          </ChartCard>
        </Grid>
      ) : null}
    </Grid>
  );
}
