import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * The generic confirmation dialog of spec 2.10 and 9: titled Confirmation, 'Are you sure?' and the caller's message,
 * 500 x 264 px (the screen's width less a margin on a phone, and taller only if the text needs it).
 */
export function ConfirmationDialog({
  open,
  message,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{
        paper: {
          sx: { width: 500, minHeight: 264, maxWidth: 'calc(100% - 32px)', m: 2, justifyContent: 'space-between' },
        },
      }}
    >
      <DialogTitle id={titleId}>Confirmation</DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText sx={{ mb: 1, color: 'text.primary' }}>Are you sure?</DialogContentText>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
