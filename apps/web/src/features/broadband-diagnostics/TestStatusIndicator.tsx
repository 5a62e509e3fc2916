import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import Zoom from '@mui/material/Zoom';
import type { TestState } from './useTestRuns';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A test's animated indicator (spec 2.16): a spinner while it runs, then an icon that grows in with each new answer.
 * With reduced motion asked for, the icon appears without growing and the spinner turns slowly (decision 0105).
 */
export function TestStatusIndicator({ state }: { state: TestState }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  if (state.status === 'running') {
    return (
      <CircularProgress
        size={28}
        aria-hidden
        sx={{ [`@media ${REDUCED_MOTION}`]: { animationDuration: '4s', '& circle': { animation: 'none' } } }}
      />
    );
  }
  if (state.status === 'blank') return <RadioButtonUnchecked color="disabled" sx={{ fontSize: 28 }} aria-hidden />;
  const icon = {
    success: <CheckCircleOutlined color="success" sx={{ fontSize: 28 }} />,
    failed: <CancelOutlined color="error" sx={{ fontSize: 28 }} />,
    disconnected: <LinkOff color="warning" sx={{ fontSize: 28 }} />,
    suspended: <PauseCircleOutlined color="warning" sx={{ fontSize: 28 }} />,
  }[state.finding.status];
  return (
    // Keyed by the run, so each new answer animates in again.
    <Zoom key={state.run} in appear timeout={reducedMotion ? 0 : 300}>
      <Box sx={{ display: 'flex' }} aria-hidden>
        {icon}
      </Box>
    </Zoom>
  );
}
