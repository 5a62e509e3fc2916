import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import type { Contract } from '@portal/contract';
import type { Ref } from 'react';
import { DetailList, type DetailRow } from '../../components/DetailList';
import { LoadFailed } from '../../components/LoadFailed';
import { contractDateRows } from '../contracts/contract-dates';
import { PendingOrActions } from '../contracts/PendingOrActions';
import type { PendingState } from '../contracts/pending-state';
import type { CarrierLine } from './device-carrier';
import { useSimNumber } from './device-queries';
import { SpendLimitField } from './SpendLimitField';

export type DeviceDialogName = 'barring' | 'simSwap' | 'spendLimit';

/** What the caller may do on the page (spec 6); the server checks each call again. */
export interface DevicePermissions {
  readBarring: boolean;
  swapSim: boolean;
  liftSpendLimit: boolean;
}

function SimNumber({ line }: { line: CarrierLine }) {
  const sim = useSimNumber(line);
  if (sim.data === undefined && sim.isError)
    return <LoadFailed text="We couldn't load the SIM number" onRetry={() => void sim.refetch()} />;
  if (sim.data === undefined) return <Skeleton width={180} />;
  return <>{sim.data}</>;
}

/**
 * The device summary (spec 2.14): the line and its contract, the SIM number and (first carrier) the spend limit from
 * the carrier, and the actions, which give way to the pending message while a change is in flight.
 */
export function DeviceSummaryCard({
  cli,
  contract,
  line,
  showContractEndDate,
  pending,
  can,
  onOpen,
  pendingNoticeRef,
  actionsRef,
}: {
  cli: string;
  contract: Contract;
  line: CarrierLine | undefined;
  showContractEndDate: boolean;
  pending: PendingState;
  can: DevicePermissions;
  onOpen: (dialog: DeviceDialogName) => void;
  pendingNoticeRef?: Ref<HTMLDivElement> | undefined;
  actionsRef?: Ref<HTMLDivElement> | undefined;
}) {
  const offerActions = pending.kind === 'clear' && line !== undefined;
  const rows: DetailRow[] = [
    ['Mobile Number', cli],
    ['SIM No.', line ? <SimNumber key="sim" line={line} /> : undefined],
    ['Product', contract.product],
    ['Order No.', contract.orderNumber],
    ['Status', contract.contractShortStatus],
    ...contractDateRows(contract, showContractEndDate),
    [
      'Spend Limit',
      line?.family === 'mobileFirst' ? (
        <SpendLimitField
          key="spend-limit"
          line={line}
          onLift={offerActions && can.liftSpendLimit ? () => onOpen('spendLimit') : undefined}
        />
      ) : undefined,
      { wide: true },
    ],
  ];
  const actions = [
    can.readBarring ? (
      <Button key="barring" variant="outlined" onClick={() => onOpen('barring')}>
        Call Barring
      </Button>
    ) : null,
    can.swapSim ? (
      <Button key="sim" variant="outlined" onClick={() => onOpen('simSwap')}>
        SIM Swap
      </Button>
    ) : null,
  ].filter((action) => action !== null);

  return (
    <Card component="section" aria-labelledby="device-summary-title">
      <CardHeader
        title="Device Summary"
        slotProps={{ title: { id: 'device-summary-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <DetailList rows={rows} />
      </CardContent>
      <PendingOrActions
        pending={pending}
        actions={offerActions ? actions : []}
        noticeRef={pendingNoticeRef}
        actionsRef={actionsRef}
      />
    </Card>
  );
}
