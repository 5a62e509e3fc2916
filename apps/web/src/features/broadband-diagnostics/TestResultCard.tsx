import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DetailList } from '../../components/DetailList';
import { TEST_NAMES, type TestKey } from './diagnostic-tests';
import { TestStatusIndicator } from './TestStatusIndicator';
import type { TestState } from './useTestRuns';

function statusText(state: TestState): string {
  if (state.status === 'blank') return 'Not run';
  if (state.status === 'running') return 'Running';
  return state.finding.label;
}

/** One test of the dialog: its indicator, name, status words, Run button (off while it runs) and what it found. */
export function TestResultCard({ test, state, onRun }: { test: TestKey; state: TestState; onRun: () => void }) {
  const headingId = useId();
  const name = TEST_NAMES[test];
  const finding = state.status === 'done' ? state.finding : undefined;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TestStatusIndicator state={state} />
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="subtitle1" component="h3">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status">
            {statusText(state)}
          </Typography>
        </Stack>
        <Button
          variant="outlined"
          size="small"
          onClick={onRun}
          aria-label={`Run ${name}`}
          disabled={state.status === 'running'}
        >
          Run
        </Button>
      </Stack>
      {finding?.message ? (
        <Typography variant="body2" color="error" sx={{ mt: 1.5 }}>
          {finding.message}
        </Typography>
      ) : null}
      {finding && finding.details.length > 0 ? (
        <Stack sx={{ mt: 1.5 }}>
          <DetailList rows={finding.details.map(({ label, value }) => [label, value] as const)} />
        </Stack>
      ) : null}
    </Paper>
  );
}
