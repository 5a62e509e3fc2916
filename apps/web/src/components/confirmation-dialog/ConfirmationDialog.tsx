import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * The admin screens' generic confirmation dialog (spec 2.10): 500x264, titled Confirmation, asking 'Are you sure?'
 * above the message. On a phone it is the screen's width less a margin and as tall as its content needs.
 */
export function ConfirmationDialog({
  open,
  message,
  onConfirm,
  onCancel,
  onClosed,
  busy = false,
}: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is on its way: the dialog cannot be dismissed and its buttons are disabled. */
  busy?: boolean;
  /** The dialog has finished closing (its exit transition is over), so focus may move without it taking it back. */
  onClosed?: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{
        paper: {
          sx: { width: 500, maxWidth: 'calc(100% - 32px)', minHeight: { sm: 264 }, m: 2 },
        },
        ...(onClosed ? { transition: { onExited: onClosed } } : {}),
      }}
    >
      <DialogTitle id={titleId}>Confirmation</DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText sx={{ fontWeight: 500, color: 'text.primary', mb: 1 }}>Are you sure?</DialogContentText>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          No, Thanks
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          Yes, I Understand
        </Button>
      </DialogActions>
    </Dialog>
  );
}
