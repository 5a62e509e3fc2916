import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type BroadbandServiceSegment, broadbandServiceOfCarrier, WLR3_SERVICE_DESCRIPTION } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { endpointQuery } from '../../api/endpoints';
import { UNCACHED_QUERY_OPTIONS } from '../../api/query-cache';
import { useCan } from '../../app/session/useCan';
import { LoadFailed } from '../../components/LoadFailed';
import { NotificationProvider } from '../../components/notifications/NotificationProvider';
import { hasFibreTest, lineEndpoints, type TestKey, testsOfLine } from './diagnostic-tests';
import { FaultReportStepper } from './FaultReportStepper';
import { TestResultCard } from './TestResultCard';
import { useTestRuns } from './useTestRuns';

export interface DiagnosticsLine {
  orderItemId: number;
  carrierId: number;
  productLineId: number;
  cli: string;
  ipAddress: string | null;
}

export interface DiagnosticsDialogProps {
  open: boolean;
  line: DiagnosticsLine;
  onClose: () => void;
}

export const FIBRE_NOTE =
  'Running non-intrusive tests will run the fibre test without the intrusive copper element of the test.';

/**
 * The diagnostics dialog of a broadband line (spec 2.16): 1000x650, the whole screen on a phone. A click outside
 * never closes it, Escape only while no test runs; its Close button always does. Each opening is a new diagnostics
 * session (a new group), which the tests and the fault report name.
 */
export default function DiagnosticsDialog({ open, line, onClose }: DiagnosticsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const service = broadbandServiceOfCarrier(line.carrierId);
  return (
    <Dialog
      open={open}
      fullScreen={phone}
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || busy) return;
        onClose();
      }}
      slotProps={{ paper: { sx: phone ? {} : { width: 1000, maxWidth: 'calc(100% - 32px)', height: 650 } } }}
    >
      <DialogTitle id={titleId}>Diagnostics: {line.cli}</DialogTitle>
      {/* The dialog's own snackbars: one outside it would sit under the modal, hidden from screen readers. */}
      <NotificationProvider>
        {service ? (
          <DiagnosticsSession line={line} service={service} onBusyChange={setBusy} />
        ) : (
          <DialogContent dividers>
            <Alert severity="info">This line's carrier offers no diagnostics.</Alert>
          </DialogContent>
        )}
      </NotificationProvider>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} aria-label="Close diagnostics">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type TabName = 'results' | 'fault';

function DiagnosticsSession({
  line,
  service,
  onBusyChange,
}: {
  line: DiagnosticsLine;
  service: BroadbandServiceSegment;
  onBusyChange: (busy: boolean) => void;
}) {
  const endpoints = lineEndpoints(service);
  const params = { id: line.orderItemId };
  // A new session each time the dialog opens: never a group kept from before.
  const group = useQuery({ ...endpointQuery(endpoints.diagnosticsGroup, { params }), ...UNCACHED_QUERY_OPTIONS });
  // Spec 7: a line has Line Status when a WLR3 service is on it; any failure to say counts as none.
  const services = useQuery({ ...endpointQuery(endpoints.services, { params }), retry: false });
  const groupId = group.data?.diagnosticGroupGuid;
  const runs = useTestRuns(endpoints, line.orderItemId, groupId);
  const canReport = useCan('BroadbandReportFault', 'Write') === true;
  const [tab, setTab] = useState<TabName>('results');
  const tabsId = useId();

  useEffect(() => onBusyChange(runs.anyRunning), [runs.anyRunning, onBusyChange]);

  if (group.isError) {
    return (
      <DialogContent dividers>
        <LoadFailed text="We couldn't start a diagnostics session" onRetry={() => void group.refetch()} />
      </DialogContent>
    );
  }
  if (groupId === undefined || services.isPending) {
    return (
      <DialogContent dividers>
        <Stack spacing={2} aria-busy="true" aria-label="Loading the line's tests">
          <Skeleton height={48} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      </DialogContent>
    );
  }

  const hasWlr3 = services.data?.value.some((item) => item.description === WLR3_SERVICE_DESCRIPTION) ?? false;
  const tests = testsOfLine(line.productLineId, hasWlr3);
  const reportable = canReport && runs.anyRun;
  const shownTab = reportable ? tab : 'results';
  return (
    <>
      <Tabs
        value={shownTab}
        onChange={(_event, value: TabName) => setTab(value)}
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label="Results" value="results" id={`${tabsId}-results`} aria-controls={`${tabsId}-results-panel`} />
        {reportable ? (
          <Tab label="Report Fault" value="fault" id={`${tabsId}-fault`} aria-controls={`${tabsId}-fault-panel`} />
        ) : null}
      </Tabs>
      <DialogContent dividers sx={{ borderTop: 0 }}>
        <Box
          role="tabpanel"
          id={`${tabsId}-results-panel`}
          aria-labelledby={`${tabsId}-results`}
          hidden={shownTab !== 'results'}
        >
          <ResultsPanel line={line} tests={tests} runs={runs} />
        </Box>
        {reportable ? (
          // Kept mounted while the results are looked at, so nothing typed is lost by switching tabs.
          <Box
            role="tabpanel"
            id={`${tabsId}-fault-panel`}
            aria-labelledby={`${tabsId}-fault`}
            hidden={shownTab !== 'fault'}
          >
            <FaultReportStepper endpoints={endpoints} service={service} line={line} groupId={groupId} />
          </Box>
        ) : null}
      </DialogContent>
    </>
  );
}

function ResultsPanel({
  line,
  tests,
  runs,
}: {
  line: DiagnosticsLine;
  tests: TestKey[];
  runs: ReturnType<typeof useTestRuns>;
}) {
  const fibre = hasFibreTest(line.productLineId);
  const runAll = (intrusive: boolean) => {
    for (const test of tests) void runs.run(test, { intrusive: test === 'fibreStatus' ? intrusive : true });
  };
  return (
    <Stack spacing={2}>
      {fibre ? <Alert severity="info">{FIBRE_NOTE}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ justifyContent: 'flex-end' }}>
        {fibre ? (
          <Button variant="outlined" onClick={() => runAll(false)}>
            Run non-intrusive tests
          </Button>
        ) : null}
        <Button variant="contained" onClick={() => runAll(true)}>
          Run all tests
        </Button>
      </Stack>
      {tests.map((test) => (
        <TestResultCard
          key={test}
          test={test}
          state={runs.states[test] ?? { status: 'blank' }}
          onRun={() => void runs.run(test)}
        />
      ))}
    </Stack>
  );
}
