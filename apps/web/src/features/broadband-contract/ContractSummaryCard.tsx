import Refresh from '@mui/icons-material/Refresh';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Contract } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { operationQuery } from '../../api/operations';
import { DetailList, type DetailRow } from '../../components/DetailList';
import { LoadFailed } from '../../components/LoadFailed';
import { contractDateRows } from '../contracts/contract-dates';
import { PendingOrActions } from '../contracts/PendingOrActions';
import type { PendingState } from '../contracts/pending-state';
import { carrierServiceOperations } from './carrier-service';
import { liveStatusText } from './live-status';

/** What the Online Status field says for a carrier that publishes no live status (spec 9: only 494 and 588 do). */
export const ONLINE_STATUS_NOT_OFFERED = 'Not available for this carrier';
/** What it says when the carrier answered without a status (its refusal) — decision 0102. */
export const ONLINE_STATUS_UNKNOWN = 'Unknown';

/** The line's live status from its carrier (spec 4, 7); not asked of a carrier without diagnostics. */
export function useOnlineStatus(contract: Contract) {
  const service = carrierServiceOperations(contract.carrierId);
  const request = service
    ? operationQuery(service.onlineStatus, { params: { id: contract.orderItemId }, query: {} })
    : undefined;
  return useQuery({
    queryKey: request?.queryKey ?? ['onlineStatus', 'none', contract.orderItemId],
    queryFn: request?.queryFn ?? (() => Promise.reject(new Error('No online status for this carrier'))),
    enabled: request !== undefined,
  });
}

type OnlineStatusQuery = ReturnType<typeof useOnlineStatus>;

function OnlineStatus({ query, offered }: { query: OnlineStatusQuery; offered: boolean }) {
  if (!offered) return <>{ONLINE_STATUS_NOT_OFFERED}</>;
  if (query.data === undefined && query.isError)
    return <LoadFailed text="We couldn't load the online status" onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <Skeleton width={180} aria-label="Loading the online status" />;
  const model = query.data.success ? query.data.model : null;
  if (model === null) return <>{query.data.errors[0]?.errorMessage ?? ONLINE_STATUS_UNKNOWN}</>;
  const status = liveStatusText(model);
  // The outline carries the tone; the words stay dark, at 7:1 (decision 0140), which a tone's main colour is not.
  return (
    <Chip size="small" variant="outlined" color={status.tone} label={status.text} sx={{ color: 'text.primary' }} />
  );
}

/** The password, hidden behind dots until the user shows it (decision 0102). */
function Password({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5 }}>
      <span style={{ fontFamily: 'monospace' }}>{shown ? value : '•'.repeat(Math.min(value.length, 12))}</span>
      <IconButton
        size="small"
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        onClick={() => setShown((was) => !was)}
      >
        {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </Stack>
  );
}

/**
 * The contract summary (spec 2.15): the line, its contract and its live status, a refresh button, and DIAGNOSTICS,
 * which gives way to the pending message while a change is in flight.
 */
export function ContractSummaryCard({
  cli,
  contract,
  onlineStatus,
  showContractEndDate,
  pending,
  canDiagnose,
  refreshing,
  onRefresh,
  diagnosticsOpen,
  onDiagnostics,
}: {
  cli: string;
  contract: Contract;
  onlineStatus: OnlineStatusQuery;
  showContractEndDate: boolean;
  pending: PendingState;
  /** A diagnostics carrier and BroadbandDiagnostics Read: the button shows when nothing is pending. */
  canDiagnose: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  diagnosticsOpen: boolean;
  onDiagnostics: () => void;
}) {
  const offered = carrierServiceOperations(contract.carrierId) !== undefined;
  const rows: DetailRow[] = [
    ['Phone Number', cli],
    ['Status', contract.contractShortStatus],
    ['Order No.', contract.orderNumber],
    ...contractDateRows(contract, showContractEndDate),
    ['Product', contract.product, { wide: true }],
    ['Username', contract.username],
    ['Password', contract.password ? <Password key="password" value={contract.password} /> : undefined],
    ['IP Address', contract.ipAddress],
    ['Online Status', <OnlineStatus key="online" query={onlineStatus} offered={offered} />, { wide: true }],
  ];
  return (
    <Card component="section" aria-labelledby="contract-summary-title" aria-busy={refreshing}>
      <CardHeader
        title="Contract Summary"
        action={
          <Tooltip title="Refresh contract">
            <span>
              <IconButton aria-label="Refresh contract" disabled={refreshing} onClick={onRefresh}>
                <Refresh />
              </IconButton>
            </span>
          </Tooltip>
        }
        slotProps={{
          title: { id: 'contract-summary-title', component: 'h2', variant: 'h6' },
          action: { sx: { alignSelf: 'center', m: 0 } },
        }}
      />
      {refreshing ? <LinearProgress aria-label="Reloading the contract" /> : null}
      <CardContent sx={{ pt: refreshing ? 1.5 : 0 }}>
        <DetailList rows={rows} />
      </CardContent>
      <PendingOrActions
        pending={pending}
        actions={
          canDiagnose
            ? [
                <Button
                  key="diagnostics"
                  variant="contained"
                  aria-haspopup="dialog"
                  aria-expanded={diagnosticsOpen}
                  onClick={onDiagnostics}
                >
                  Diagnostics
                </Button>,
              ]
            : []
        }
      />
    </Card>
  );
}
