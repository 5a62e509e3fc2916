import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import {
  type Contract,
  ENDPOINT_TYPE,
  hasLineDiagnosticsHistory,
  isDiagnosticsCarrier,
  TIMINGS,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { UsageChart } from '../../components/usage-chart/UsageChart';
import type { UsageTabKey } from '../../components/usage-chart/usage-tabs';
import { useCan } from '../../session/useCan';
import { pendingCheckQuery, useLineContract, useLineEndpoint, usePartnerSettings } from '../contracts/contract-queries';
import { EventsCard, useReloadEvents } from '../contracts/EventsCard';
import { LineNotFound } from '../contracts/LineNotFound';
import { LinePageFailed, LinePageLoading } from '../contracts/LinePageStates';
import { ProductsCard } from '../contracts/ProductsCard';
import { pendingState } from '../contracts/pending-state';
import { ContractSummaryCard, useOnlineStatus } from './ContractSummaryCard';
import { HistoryTable } from './history/HistoryTable';

const PAGE_TITLE = 'Broadband Contract';
// Loaded on first use: most visits to a contract never open diagnostics.
const DiagnosticsDialog = lazy(() => import('../broadband-diagnostics/DiagnosticsDialog'));

function notFoundText(cli: string): string {
  return `Unable to find a broadband contract with the phone number ${cli}`;
}

/** Waits the contract reload delay (spec 4, 9), or rejects as soon as the load is given up. */
function reloadDelay(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, TIMINGS.contractReloadDelayMs);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** The usage chart's tabs on this page (spec 2.8): line usage and line history only on a standard line (8). */
export function contractUsageTabs(productLineId: number | undefined): UsageTabKey[] {
  return productLineId !== undefined && hasLineDiagnosticsHistory(productLineId)
    ? ['broadband', 'lineUsage', 'sessionHistory', 'lineHistory', 'authenticationLogs']
    : ['broadband', 'sessionHistory', 'authenticationLogs'];
}

/** The broadband contract page (spec 2.15) at broadband/contract/{cli}; a new number starts a new page. */
export function BroadbandContractPage() {
  const cli = useParams().cli ?? '';
  // The route is open to every signed-in user (spec 2.2), but reading a line takes EndPointSummary Read (spec 6), as
  // the MANAGE action that leads here does. Without it the page asks nothing: a 403 would end the session (spec 4),
  // and, as for a line outside the caller's estate, there is no contract to show.
  const canReadLines = useCan('EndPointSummary', 'Read');
  if (canReadLines === undefined) return <LinePageLoading title={PAGE_TITLE} />;
  if (!canReadLines) return <LineNotFound title={PAGE_TITLE} text={notFoundText(cli)} estatePath="/broadband/estate" />;
  return <ContractPage key={cli} cli={cli} />;
}

function ContractPage({ cli }: { cli: string }) {
  const endpoint = useLineEndpoint(cli, ENDPOINT_TYPE.broadband);
  const contract = useLineContract(cli, reloadDelay);

  const endpointFailed = endpoint.data === undefined && endpoint.isError;
  const contractFailed = contract.data === undefined && contract.isError;
  if (endpointFailed || contractFailed) {
    return (
      <LinePageFailed
        title={PAGE_TITLE}
        text="We couldn't load this contract"
        onRetry={() => {
          if (endpointFailed) void endpoint.refetch();
          if (contractFailed) void contract.refetch();
        }}
      />
    );
  }
  if (endpoint.data === undefined || contract.data === undefined) return <LinePageLoading title={PAGE_TITLE} />;
  // Decided once both have answered, so no answer arrives after the page has moved on.
  if (endpoint.data === null || contract.data === null) {
    return <LineNotFound title={PAGE_TITLE} text={notFoundText(cli)} estatePath="/broadband/estate" />;
  }
  return (
    <ContractView
      cli={cli}
      name={endpoint.data.name}
      endpointId={endpoint.data.id}
      contract={contract.data}
      reloadContract={async () => {
        await contract.refetch();
      }}
    />
  );
}

function ContractView({
  cli,
  name,
  endpointId,
  contract,
  reloadContract,
}: {
  cli: string;
  name: string;
  endpointId: number;
  contract: Contract;
  reloadContract: () => Promise<void>;
}) {
  const settings = usePartnerSettings();
  const onlineStatus = useOnlineStatus(contract);
  const check = useQuery(pendingCheckQuery(cli, contract.orderItemId));
  const canDiagnose = useCan('BroadbandDiagnostics', 'Read') === true;
  const [refreshing, setRefreshing] = useState(false);
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);
  const reloadEvents = useReloadEvents(contract.orderItemId);
  const pending = pendingState({ data: check.data, failed: check.isError, markedPending: false });
  const diagnosable = contract.carrierId !== undefined && isDiagnosticsCarrier(contract.carrierId);

  // The card reloads as one: the contract (after the reload delay), then its live status and the pending check.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await reloadContract();
      await Promise.all([onlineStatus.refetch(), check.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeading title={`Manage ${name}`} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <ContractSummaryCard
              cli={cli}
              contract={contract}
              onlineStatus={onlineStatus}
              showContractEndDate={settings.data?.showContractEndDate === true}
              pending={pending}
              canDiagnose={diagnosable && canDiagnose}
              refreshing={refreshing}
              onRefresh={() => void refresh()}
              diagnosticsOpen={diagnosticsOpen}
              onDiagnostics={() => setDiagnosticsOpen(true)}
            />
            <ProductsCard orderItemId={contract.orderItemId} idPrefix="contract" />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <ChartCard id="contract-usage-title" title="Usage">
              <UsageChart
                source={{ kind: 'endpoint', id: endpointId }}
                keys={contractUsageTabs(contract.productLineId)}
                label="Usage of this contract"
                renderTable={(key) => <HistoryTable tab={key} contract={contract} />}
              />
            </ChartCard>
            <EventsCard
              orderItemId={contract.orderItemId}
              idPrefix="contract"
              emptyText="There are no events for this contract."
            />
          </Stack>
        </Grid>
      </Grid>
      {diagnosticsOpen && contract.carrierId !== undefined && contract.productLineId !== undefined && (
        <Suspense fallback={null}>
          <DiagnosticsDialog
            open
            line={{
              orderItemId: contract.orderItemId,
              carrierId: contract.carrierId,
              productLineId: contract.productLineId,
              cli,
              ipAddress: contract.ipAddress ?? null,
            }}
            onClose={() => {
              setDiagnosticsOpen(false);
              // A fault reported in the dialog is an event of this contract.
              reloadEvents();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
