import Refresh from '@mui/icons-material/Refresh';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type Contract, ENDPOINT_TYPE } from '@portal/contract';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ChartCard } from '../../components/usage-chart/ChartCard';
import { UsageChart } from '../../components/usage-chart/UsageChart';
import { useCan } from '../../session/useCan';
import { pendingCheckQuery, useLineContract, useLineEndpoint, usePartnerSettings } from '../contracts/contract-queries';
import { EventsCard } from '../contracts/EventsCard';
import { LineNotFound } from '../contracts/LineNotFound';
import { LinePageFailed, LinePageLoading } from '../contracts/LinePageStates';
import { ProductsCard } from '../contracts/ProductsCard';
import { pendingState } from '../contracts/pending-state';
import { SpendForecastCard } from '../spend-forecast/SpendForecastCard';
import { CallBarringDialog } from './CallBarringDialog';
import { CHANGE_FOLLOW_UP_MS, useChangeFollowUp } from './change-follow-up';
import type { DialogResult } from './DeviceDialog';
import { type DeviceDialogName, DeviceSummaryCard } from './DeviceSummaryCard';
import { type CarrierLine, carrierLine } from './device-carrier';
import { DEVICE_PAGE_AREAS } from './device-queries';
import { LiftSpendLimitDialog } from './LiftSpendLimitDialog';
import { SimSwapDialog } from './SimSwapDialog';

function notFoundText(cli: string): string {
  return `Unable to find a device with the mobile number ${cli}`;
}

/** The mobile device page (spec 2.14) at mobile/device/{cli}; a new number starts a new page, dialogs and all. */
export function MobileDevicePage() {
  const cli = useParams().cli ?? '';
  return <DevicePage key={cli} cli={cli} />;
}

function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  return (
    <Tooltip title="Refresh">
      <span>
        <IconButton
          aria-label="Refresh"
          disabled={fetching}
          onClick={() =>
            void queryClient.invalidateQueries({
              predicate: (query) => DEVICE_PAGE_AREAS.includes(String(query.queryKey[0])),
            })
          }
        >
          <Refresh />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Heading({ title }: { title: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <PageHeading title={title} />
      <RefreshButton />
    </Stack>
  );
}

function DevicePage({ cli }: { cli: string }) {
  const endpoint = useLineEndpoint(cli, ENDPOINT_TYPE.mobile);
  const contract = useLineContract(cli);

  if (endpoint.isError || contract.isError) {
    return (
      <LinePageFailed
        title="Mobile Device"
        text="We couldn't load this device"
        onRetry={() => {
          if (endpoint.isError) void endpoint.refetch();
          if (contract.isError) void contract.refetch();
        }}
      />
    );
  }
  if (endpoint.data === undefined || contract.data === undefined) return <LinePageLoading title="Mobile Device" />;
  // Decided once both have answered, so no answer arrives after the page has moved on.
  if (endpoint.data === null || contract.data === null) {
    return <LineNotFound title="Mobile Device" text={notFoundText(cli)} estatePath="/mobile/estate" />;
  }
  const line = carrierLine(contract.data.supplierId, endpoint.data.id);
  return (
    <DeviceView
      cli={cli}
      name={endpoint.data.name}
      endpointId={endpoint.data.id}
      contract={contract.data}
      line={line}
    />
  );
}

function DeviceView({
  cli,
  name,
  endpointId,
  contract,
  line,
}: {
  cli: string;
  name: string;
  endpointId: number;
  contract: Contract;
  line: CarrierLine | undefined;
}) {
  const queryClient = useQueryClient();
  const settings = usePartnerSettings();
  const [markedPending, setMarkedPending] = useState(false);
  // When this page's latest change was requested, while the carrier has not finished it.
  const [awaitingSince, setAwaitingSince] = useState<number | null>(null);
  const check = useQuery({
    ...pendingCheckQuery(cli, contract.orderItemId),
    refetchInterval: awaitingSince === null ? false : CHANGE_FOLLOW_UP_MS,
  });
  useChangeFollowUp({
    awaiting: awaitingSince !== null,
    requestedAt: awaitingSince ?? 0,
    check,
    orderItemId: contract.orderItemId,
    onDone: () => {
      setAwaitingSince(null);
      setMarkedPending(false);
    },
  });
  const [dialog, setDialog] = useState<DeviceDialogName | null>(null);
  const can = {
    readBarring: useCan('EndPointCallBarring', 'Read') === true,
    writeBarring: useCan('EndPointCallBarring', 'Write') === true,
    swapSim: useCan('EndPointSimSwap', 'Write') === true,
    liftSpendLimit: useCan('EndPointLiftSpendLimit', 'Write') === true,
  };
  const pending = pendingState({ data: check.data, failed: check.isError, markedPending });
  // A sent change hides the action that opened its dialog, so focus goes to the notice that replaced it.
  const pendingNoticeRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const [focusNotice, setFocusNotice] = useState(false);
  // Set while the notice holds the focus it was given; when the change is done the notice goes, and the actions
  // that come back take the focus, rather than the page body.
  const noticeHasFocus = useRef(false);
  useEffect(() => {
    if (focusNotice && pending.kind === 'pending') {
      pendingNoticeRef.current?.focus();
      noticeHasFocus.current = true;
      setFocusNotice(false);
    }
    if (pending.kind === 'clear' && noticeHasFocus.current) {
      noticeHasFocus.current = false;
      const active = document.activeElement;
      if (active === null || active === document.body) actionsRef.current?.querySelector('button')?.focus();
    }
  }, [focusNotice, pending.kind]);

  const closeDialog = (result: DialogResult) => {
    setDialog(null);
    if (result !== 'submit') return;
    setMarkedPending(true);
    setFocusNotice(true);
    setAwaitingSince(Date.now());
    // The change wrote an event on the contract's order item (spec 4: every change refreshes the events list).
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };

  return (
    <Stack spacing={3}>
      <Heading title={`Manage ${name}`} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <DeviceSummaryCard
              cli={cli}
              contract={contract}
              line={line}
              showContractEndDate={settings.data?.showContractEndDate === true}
              pending={pending}
              can={can}
              onOpen={setDialog}
              pendingNoticeRef={pendingNoticeRef}
              actionsRef={actionsRef}
            />
            <ProductsCard orderItemId={contract.orderItemId} idPrefix="device" />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <SpendForecastCard source={{ kind: 'endpoint', id: endpointId }} lines="this device" />
            <ChartCard id="device-usage-title" title="Usage">
              <UsageChart
                source={{ kind: 'endpoint', id: endpointId }}
                keys={['monthly', 'uninvoiced']}
                label="Usage of this device"
              />
            </ChartCard>
            <EventsCard
              orderItemId={contract.orderItemId}
              idPrefix="device"
              emptyText="There are no events for this device."
            />
          </Stack>
        </Grid>
      </Grid>
      {line && dialog === 'barring' ? (
        <CallBarringDialog
          line={line}
          orderItemId={contract.orderItemId}
          canWrite={can.writeBarring}
          onClose={closeDialog}
        />
      ) : null}
      {line && dialog === 'simSwap' ? (
        <SimSwapDialog line={line} orderItemId={contract.orderItemId} onClose={closeDialog} />
      ) : null}
      {line?.family === 'mobileFirst' && dialog === 'spendLimit' ? (
        <LiftSpendLimitDialog line={line} orderItemId={contract.orderItemId} onClose={closeDialog} />
      ) : null}
    </Stack>
  );
}
