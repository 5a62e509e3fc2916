import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { type ReactNode, useId, useState } from 'react';
import { useNotify } from '../notifications/NotificationProvider';
import { deleteBlockedTitle, deleteFailureMessage, deleteQuestion } from './admin-rules';

/**
 * What the dialog knows, before asking, of what stands in the way of the delete (decision 0128): still checking, the
 * check failed, something is in the way (said by `body`), or nothing is.
 */
export type DeleteCheck =
  | { status: 'checking' }
  | { status: 'failed'; retry: () => void }
  | { status: 'blocked'; body: ReactNode }
  | { status: 'clear'; note?: ReactNode };

/**
 * The admin lists' delete dialog (spec 2.10): 500 px wide (the screen less a margin on a phone), the question and
 * 'This action cannot be undone.', then 'Delete successful.' in the snackbar once deleted. With a `check`, the
 * question waits for it, and what blocks the delete is said in its place. A failure stays in the dialog, where it
 * is read (a snackbar would sit behind it, hidden from screen readers); a refusal the server explains cannot be
 * retried, so only 'No, Thanks' is left (docs/decisions/0112).
 */
export function DeleteDialog({
  name,
  remove,
  onClose,
  onDeleted = onClose,
  check = { status: 'clear' },
}: {
  name: string;
  /** Deletes the row; the list reloads by itself (the write clears its API area's answers). */
  remove: () => Promise<unknown>;
  /** Closes without deleting. */
  onClose: () => void;
  /** Closes once deleted (the row it was opened from is gone, so focus needs a new place). */
  onDeleted?: () => void;
  check?: DeleteCheck;
}) {
  const notify = useNotify();
  const titleId = useId();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; final: boolean } | undefined>();

  const confirm = async () => {
    setDeleting(true);
    setFailure(undefined);
    try {
      await remove();
    } catch (error) {
      const message = deleteFailureMessage(error);
      if (message === NOTIFICATION_MESSAGES.unexpectedError) console.error(error);
      setFailure({ message, final: message !== NOTIFICATION_MESSAGES.unexpectedError });
      setDeleting(false);
      return;
    }
    notify({ message: NOTIFICATION_MESSAGES.deleteSuccessful, severity: 'success' });
    onDeleted();
  };

  const blocked = check.status === 'blocked';
  const asking = check.status === 'clear';
  return (
    <Dialog
      open
      onClose={deleting ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 500, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {blocked ? deleteBlockedTitle(name) : deleteQuestion(name)}
      </DialogTitle>
      <DialogContent>
        {check.status === 'checking' ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} aria-hidden />
            <DialogContentText>Checking whether {name} can be deleted…</DialogContentText>
          </Stack>
        ) : null}
        {check.status === 'failed' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={check.retry}>
                Retry
              </Button>
            }
          >
            We couldn't check whether {name} can be deleted.
          </Alert>
        ) : null}
        {check.status === 'blocked' ? check.body : null}
        {check.status === 'clear' && check.note ? check.note : null}
        {asking ? <DialogContentText>This action cannot be undone.</DialogContentText> : null}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={deleting}>
          {blocked ? 'Close' : 'No, Thanks'}
        </Button>
        {!asking || failure?.final ? null : (
          <Button
            variant="contained"
            color="error"
            disabled={deleting}
            onClick={() => void confirm()}
            startIcon={deleting ? <CircularProgress size={18} color="inherit" aria-label="Deleting" /> : null}
          >
            Yes, I Understand
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
