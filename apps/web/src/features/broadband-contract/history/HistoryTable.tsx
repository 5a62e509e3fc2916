import Typography from '@mui/material/Typography';
import {
  type AuthenticationLogRow,
  AuthenticationLogRowSchema,
  type Contract,
  type LineHistoryRow,
  LineHistoryRowSchema,
  type SessionHistoryRow,
  SessionHistoryRowSchema,
} from '@portal/contract';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../../components/data-table';
import { USAGE_TAB_LABELS, type UsageTabKey } from '../../../components/usage-chart/usage-tabs';
import { formatBytes, formatDecibels } from '../../../lib/format';
import { type BroadbandServiceOperations, carrierServiceOperations } from '../carrier-service';
import { HistoryDownloadButton } from './HistoryDownloadButton';

const TIMESTAMP = 'dd/MM/yyyy HH:mm:ss';

/** Download and upload of a session in the bytes scale of tables (spec 9), one above the other. */
export function speedText(speed: SessionHistoryRow['speed']): string {
  return `Download ${formatBytes(speed.download, { table: true })}, Upload ${formatBytes(speed.upload, { table: true })}`;
}

const sessionColumns: DataTableColumn<SessionHistoryRow>[] = [
  { field: 'startTime', header: 'Start Time', type: 'date', pattern: TIMESTAMP, sortable: true, card: 'key' },
  { field: 'endTime', header: 'End Time', type: 'date', pattern: TIMESTAMP, sortable: true },
  { field: 'sessionTime', header: 'Session Time', type: 'duration', sortable: true },
  {
    field: 'speed',
    header: 'Speed',
    value: (row) => speedText(row.speed),
    render: (row) => (
      <>
        <span>↓ {formatBytes(row.speed.download, { table: true })}</span>
        <br />
        <span>↑ {formatBytes(row.speed.upload, { table: true })}</span>
      </>
    ),
  },
  { field: 'ipAddress', header: 'IP Address' },
  { field: 'username', header: 'Username' },
];

const decibels = (pick: (row: LineHistoryRow) => number) => (row: LineHistoryRow) => formatDecibels(pick(row));

const lineColumns: DataTableColumn<LineHistoryRow>[] = [
  { field: 'gatheredDate', header: 'Gathered', type: 'date', pattern: TIMESTAMP, sortable: true, card: 'key' },
  { field: 'profileName', header: 'Profile', card: 'key' },
  { field: 'downstreamSnrMargin', header: 'Downstream SNR Margin', value: decibels((row) => row.downstreamSnrMargin) },
  {
    field: 'downstreamAttenuation',
    header: 'Downstream Attenuation',
    value: decibels((row) => row.downstreamAttenuation),
  },
  { field: 'upstreamAttenuation', header: 'Upstream Attenuation', value: decibels((row) => row.upstreamAttenuation) },
  { field: 'secServiceDisrupted', header: 'Seconds Disrupted', type: 'number' },
  { field: 'secServiceDisruptedCpe', header: 'Seconds Disrupted (CPE)', type: 'number' },
  { field: 'syncCount', header: 'Syncs', type: 'number' },
  { field: 'lostSyncCount', header: 'Lost Syncs', type: 'number' },
];

const authenticationColumns: DataTableColumn<AuthenticationLogRow>[] = [
  { field: 'logDate', header: 'Date', type: 'date', pattern: TIMESTAMP, sortable: true, card: 'key' },
  { field: 'status', header: 'Status', card: 'key' },
  { field: 'username', header: 'Username' },
  { field: 'bras', header: 'BRAS' },
  { field: 'error', header: 'Error', card: 'wide' },
];

/** Says why a tab has no table (a carrier without diagnostics, a contract without a username). */
function NoTable({ text }: { text: string }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

/**
 * The usage chart's table tabs on the contract page (spec 2.8, 3, 7): session history (newest start first, with
 * the speed of each session), line history (standard lines) and the authentication logs of the contract's
 * username (newest first), read from the contract's carrier. Paged as every table is; cards on a phone.
 */
export function HistoryTable({ tab, contract }: { tab: UsageTabKey; contract: Contract }) {
  const service = carrierServiceOperations(contract.carrierId);
  if (service === undefined) return <NoTable text={`${USAGE_TAB_LABELS[tab]} is not available for this carrier.`} />;
  if (tab === 'sessionHistory') return <SessionHistory service={service} orderItemId={contract.orderItemId} />;
  if (tab === 'lineHistory') return <LineHistory service={service} orderItemId={contract.orderItemId} />;
  if (tab === 'authenticationLogs') {
    if (!contract.username) return <NoTable text="This contract has no username to show authentication logs for." />;
    return <AuthenticationLogs service={service} orderItemId={contract.orderItemId} username={contract.username} />;
  }
  return null;
}

interface ServiceProps {
  service: BroadbandServiceOperations;
  orderItemId: number;
}

/**
 * What the three history tables share: the carrier's list of the order item, five rows a page, newest first on its
 * date column, and (session and line history) a CSV download of the whole list.
 */
function CarrierHistory<Row>({
  download,
  orderItemId,
  service,
  newestFirst,
  ...table
}: ServiceProps &
  Pick<
    DataTableProps<Row>,
    'resource' | 'urlKey' | 'operation' | 'params' | 'parseRow' | 'columns' | 'getRowId' | 'ariaLabel' | 'emptyText'
  > & {
    loadErrorText: string;
    newestFirst: string;
    download?: { history: 'sessionHistory' | 'lineHistory'; fileName: string };
  }) {
  return (
    <DataTable<Row>
      {...table}
      defaultSort={{ field: newestFirst, direction: 'desc' }}
      defaultPageSize={5}
      toolbar={
        download ? <HistoryDownloadButton service={service} orderItemId={orderItemId} {...download} /> : undefined
      }
    />
  );
}

function SessionHistory({ service, orderItemId }: ServiceProps) {
  return (
    <CarrierHistory<SessionHistoryRow>
      service={service}
      orderItemId={orderItemId}
      resource="contract-session-history"
      urlKey="sessions"
      operation={service.sessionHistory}
      params={{ id: orderItemId }}
      parseRow={SessionHistoryRowSchema.parse}
      columns={sessionColumns}
      getRowId={(row) => `${row.startTime}|${row.ipAddress}`}
      ariaLabel="Session History"
      newestFirst="startTime"
      download={{ history: 'sessionHistory', fileName: 'session-history.csv' }}
      emptyText="There are no sessions for this line."
      loadErrorText="We couldn't load the session history"
    />
  );
}

function LineHistory({ service, orderItemId }: ServiceProps) {
  return (
    <CarrierHistory<LineHistoryRow>
      service={service}
      orderItemId={orderItemId}
      resource="contract-line-history"
      urlKey="lineHistory"
      operation={service.lineHistory}
      params={{ id: orderItemId }}
      parseRow={LineHistoryRowSchema.parse}
      columns={lineColumns}
      getRowId={(row) => row.gatheredDate}
      ariaLabel="Line History"
      newestFirst="gatheredDate"
      download={{ history: 'lineHistory', fileName: 'line-history.csv' }}
      emptyText="There is no line history for this line."
      loadErrorText="We couldn't load the line history"
    />
  );
}

function AuthenticationLogs({ service, orderItemId, username }: ServiceProps & { username: string }) {
  return (
    <CarrierHistory<AuthenticationLogRow>
      service={service}
      orderItemId={orderItemId}
      resource="contract-authentication-logs"
      urlKey="authLogs"
      operation={service.authenticationLogs}
      params={{ id: orderItemId, username }}
      parseRow={AuthenticationLogRowSchema.parse}
      columns={authenticationColumns}
      getRowId={(row) => `${row.logDate}|${row.status}|${row.bras}`}
      ariaLabel="Authentication Logs"
      newestFirst="logDate"
      emptyText="There are no authentication logs for this username."
      loadErrorText="We couldn't load the authentication logs"
    />
  );
}
