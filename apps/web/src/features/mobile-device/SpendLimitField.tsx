import Circle from '@mui/icons-material/Circle';
import Edit from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import type { FirstFamilyLine } from './device-carrier';
import { spendLimitStatusQuery } from './device-queries';
import { canLiftSpendLimit, type SpendLimitState, spendLimitState, spendLimitText } from './spend-limit-status';

/** Amber, grey, green and red (spec 4), from the theme's palette. */
const STATE_COLOURS: Record<SpendLimitState['kind'], string> = {
  lifted: 'warning.main',
  unknown: 'grey.500',
  enabled: 'success.main',
  barred: 'error.main',
};

/**
 * The Spend Limit of a first-carrier device: its state as a coloured dot and words (the words keep the text's
 * contrast), and an edit icon that offers to lift a monitored limit when `onLift` is given.
 */
export function SpendLimitField({ line, onLift }: { line: FirstFamilyLine; onLift: (() => void) | undefined }) {
  const status = useQuery(spendLimitStatusQuery(line));
  if (status.data === undefined && status.isError) {
    return <LoadFailed text="We couldn't load the spend limit" onRetry={() => void status.refetch()} />;
  }
  if (status.data === undefined) return <Skeleton width={160} />;
  const state = spendLimitState(status.data, new Date());
  return (
    <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.75 }} data-spend-limit={state.kind}>
      <Circle aria-hidden="true" sx={{ fontSize: 12, color: STATE_COLOURS[state.kind] }} />
      <span>{spendLimitText(state)}</span>
      {onLift && canLiftSpendLimit(state) ? (
        <IconButton size="small" aria-label="Remove spend limit" onClick={onLift} sx={{ my: -0.5 }}>
          <Edit fontSize="small" />
        </IconButton>
      ) : null}
    </Stack>
  );
}
