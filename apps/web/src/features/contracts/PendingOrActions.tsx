import Alert from '@mui/material/Alert';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import type { ReactElement, Ref } from 'react';
import type { PendingState } from './pending-state';

/**
 * The foot of a device or contract summary (spec 4): the pending message while a change is in flight, the actions
 * once the check says nothing is, and nothing while it is still asking (so no action flashes up and vanishes).
 */
export function PendingOrActions({
  pending,
  actions,
  noticeRef,
  actionsRef,
}: {
  pending: PendingState;
  actions: ReactElement[];
  /** The pending message, focusable, so focus can land on it when the action that was focused gives way to it. */
  noticeRef?: Ref<HTMLDivElement> | undefined;
  /** The actions' row, so focus can come back to them when the notice that had it goes. */
  actionsRef?: Ref<HTMLDivElement> | undefined;
}) {
  if (pending.kind === 'pending') {
    return (
      <CardContent sx={{ pt: 0 }}>
        <Alert ref={noticeRef} tabIndex={-1} severity={pending.stuck ? 'warning' : 'info'}>
          {pending.message}
        </Alert>
      </CardContent>
    );
  }
  if (pending.kind !== 'clear' || actions.length === 0) return null;
  return (
    <CardActions ref={actionsRef} sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }}>
      {actions}
    </CardActions>
  );
}
