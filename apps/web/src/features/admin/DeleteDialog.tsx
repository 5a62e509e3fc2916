import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { useId, useState } from 'react';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { deleteFailureMessage, deleteQuestion } from './admin-rules';

/**
 * The admin lists' delete dialog (spec 2.10): 500 px wide (the screen less a margin on a phone), the question and
 * 'This action cannot be undone.', then 'Delete successful.' in the snackbar once deleted. A failure stays in the
 * dialog, where it is read (a snackbar would sit behind it, hidden from screen readers); a refusal the server
 * explains (a site that still has lines) cannot be retried, so only 'No, Thanks' is left (docs/decisions/0112).
 */
export function DeleteDialog({
  name,
  remove,
  onClose,
}: {
  name: string;
  /** Deletes the row; the list reloads by itself (the write clears its API area's answers). */
  remove: () => Promise<unknown>;
  onClose: () => void;
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
    onClose();
  };

  return (
    <Dialog
      open
      onClose={deleting ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 500, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {deleteQuestion(name)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>This action cannot be undone.</DialogContentText>
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={deleting}>
          No, Thanks
        </Button>
        {failure?.final ? null : (
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
