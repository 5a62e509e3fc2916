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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type BroadbandCarrierKey, broadbandCarrierOf, WLR3_SERVICE_DESCRIPTION } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { operationQuery } from '../../api/operations';
import { UNCACHED_QUERY_OPTIONS } from '../../api/query-cache';
import { LoadFailed } from '../../components/LoadFailed';
import { NotificationProvider } from '../../components/notifications/NotificationProvider';
import { useCan } from '../../session/useCan';
import { hasFibreTest, lineOperations, TEST_NAMES, type TestKey, testsOfLine } from './diagnostic-tests';
import type { DiagnosticsLine } from './diagnostics-line';
import { type FaultReportProgress, FaultReportStepper } from './FaultReportStepper';
import {
  discardFaultDraft,
  type FaultReportDraft,
  faultDraftKey,
  finishedTests,
  hasEntries,
  readFaultDraft,
  saveFaultDraft,
} from './fault-report-draft';
import { KeepOrDiscardDialog } from './KeepOrDiscardDialog';
import { TestResultCard } from './TestResultCard';
import { useTestRuns } from './useTestRuns';

export interface DiagnosticsDialogProps {
  open: boolean;
  line: DiagnosticsLine;
  onClose: () => void;
}

export const FIBRE_NOTE =
  'Running non-intrusive tests will run the fibre test without the intrusive copper element of the test.';

/**
 * The diagnostics dialog of a broadband line (spec 2.16): 1000x650, the whole screen on a phone. A click outside
 * never closes it, Escape only while no test runs; its Close button always does. Its content scrolls between the
 * tabs and the actions, which stay in view. Each opening is a new diagnostics session (a new group), which the tests
 * and the fault report name, unless a fault report begun on the line is resumed with its session (decision 0135):
 * closing with one asks whether to keep it as a draft or discard it.
 */
export default function DiagnosticsDialog({ open, line, onClose }: DiagnosticsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [draftKey] = useState(() => faultDraftKey(line.orderItemId));
  const [resumed] = useState(() => readFaultDraft(draftKey));
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const carrier = broadbandCarrierOf(line.carrierId);
  const close = () => {
    if (readFaultDraft(draftKey)) setAskingToDiscard(true);
    else onClose();
  };
  return (
    <Dialog
      open={open}
      fullScreen={phone}
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || busy) return;
        close();
      }}
      slotProps={{ paper: { sx: phone ? {} : { width: 1000, maxWidth: 'calc(100% - 32px)', height: 650 } } }}
    >
      <DialogTitle id={titleId}>Diagnostics: {line.cli}</DialogTitle>
      {/* The dialog's own snackbars: one outside it would sit under the modal, hidden from screen readers. */}
      <NotificationProvider>
        {carrier ? (
          <DiagnosticsSession
            line={line}
            carrier={carrier}
            draftKey={draftKey}
            resumed={resumed}
            onBusyChange={setBusy}
          />
        ) : (
          <DialogContent dividers>
            <Alert severity="info">This line's carrier offers no diagnostics.</Alert>
          </DialogContent>
        )}
      </NotificationProvider>
      <DialogActions sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <Button onClick={close} aria-label="Close diagnostics">
          Close
        </Button>
      </DialogActions>
      <KeepOrDiscardDialog
        open={askingToDiscard}
        onCancel={() => setAskingToDiscard(false)}
        onKeep={onClose}
        onDiscard={() => {
          discardFaultDraft(draftKey);
          onClose();
        }}
      />
    </Dialog>
  );
}

type TabName = 'results' | 'fault';

function DiagnosticsSession({
  line,
  carrier,
  draftKey,
  resumed,
  onBusyChange,
}: {
  line: DiagnosticsLine;
  carrier: BroadbandCarrierKey;
  draftKey: string;
  resumed: FaultReportDraft | undefined;
  onBusyChange: (busy: boolean) => void;
}) {
  const operations = lineOperations(carrier);
  const params = { id: line.orderItemId };
  // A new session each time the dialog opens, never a group kept from before; a resumed report keeps its own.
  const group = useQuery({
    ...operationQuery(operations.diagnosticsGroup, { params }),
    ...UNCACHED_QUERY_OPTIONS,
    enabled: resumed === undefined,
  });
  // Spec 7: a line has Line Status when a WLR3 service is on it; any failure to say counts as none.
  const services = useQuery({ ...operationQuery(operations.services, { params }), retry: false });
  const groupId = resumed?.groupId ?? group.data?.diagnosticGroupGuid;
  const runs = useTestRuns(operations, line.orderItemId, groupId, resumed?.tests);
  const canReport = useCan('BroadbandReportFault', 'Write') === true;
  const [tab, setTab] = useState<TabName>(resumed ? 'fault' : 'results');
  const tabsId = useId();
  const report = useRef<FaultReportProgress | undefined>(
    resumed ? { values: resumed.values, step: resumed.step } : undefined,
  );

  useEffect(() => onBusyChange(runs.anyRunning), [runs.anyRunning, onBusyChange]);

  // The draft is rewritten on every change, so however the dialog goes away nothing entered is lost.
  const keepDraft = useCallback(() => {
    const progress = report.current;
    if (groupId === undefined || progress === undefined || !hasEntries(progress.values)) {
      discardFaultDraft(draftKey);
      return;
    }
    saveFaultDraft(draftKey, {
      groupId,
      tests: finishedTests(runs.states),
      values: progress.values,
      step: progress.step,
    });
  }, [draftKey, groupId, runs.states]);
  useEffect(keepDraft, [keepDraft]);
  const onReportChange = useCallback(
    (progress: FaultReportProgress) => {
      report.current = progress;
      keepDraft();
    },
    [keepDraft],
  );

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
  // A panel fills the space between the tabs and the dialog's actions; only its content scrolls.
  const panel = (name: TabName) => ({
    role: 'tabpanel',
    id: `${tabsId}-${name}-panel`,
    'aria-labelledby': `${tabsId}-${name}`,
    hidden: shownTab !== name,
    sx: { display: shownTab === name ? 'flex' : 'none', flexDirection: 'column', flex: 1, minHeight: 0 },
  });
  return (
    <>
      <Tabs
        value={shownTab}
        onChange={(_event, value: TabName) => setTab(value)}
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        <Tab label="Results" value="results" id={`${tabsId}-results`} aria-controls={`${tabsId}-results-panel`} />
        {reportable ? (
          <Tab label="Report Fault" value="fault" id={`${tabsId}-fault`} aria-controls={`${tabsId}-fault-panel`} />
        ) : null}
      </Tabs>
      <Box {...panel('results')}>
        <ResultsPanel line={line} tests={tests} runs={runs} />
      </Box>
      {reportable ? (
        // Kept mounted while the results are looked at, so nothing typed is lost by switching tabs.
        <Box {...panel('fault')}>
          <FaultReportStepper
            operations={operations}
            carrier={carrier}
            line={line}
            groupId={groupId}
            resumed={resumed}
            onProgress={onReportChange}
          />
        </Box>
      ) : null}
    </>
  );
}

/** Names the tests under way, in the dialog's order: 'Sync Status and Fibre Status'. */
function runningNames(tests: readonly TestKey[], running: readonly TestKey[]): string {
  const names = tests.filter((test) => running.includes(test)).map((test) => TEST_NAMES[test]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
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
    <DialogContent sx={{ pt: 2 }}>
      <Stack spacing={2}>
        {fibre ? <Alert severity="info">{FIBRE_NOTE}</Alert> : null}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
        >
          <Typography role="status" variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {runs.anyRunning ? `Running ${runningNames(tests, runs.running)}…` : ''}
          </Typography>
          {fibre ? (
            <Button variant="outlined" onClick={() => runAll(false)} disabled={runs.anyRunning}>
              Run non-intrusive tests
            </Button>
          ) : null}
          <Button variant="contained" onClick={() => runAll(true)} disabled={runs.anyRunning}>
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
    </DialogContent>
  );
}
