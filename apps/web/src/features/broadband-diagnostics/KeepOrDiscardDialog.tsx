import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/**
 * Asked when the diagnostics dialog closes with a fault report begun (decision 0135): keep it as a draft to finish
 * later, discard it, or go back to it. Nothing entered is thrown away without this question.
 */
export function KeepOrDiscardDialog({
  open,
  onKeep,
  onDiscard,
  onCancel,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
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
      slotProps={{ paper: { sx: { width: 500, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>Close the fault report?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Your fault report has not been sent. Keep it as a draft to finish when you open diagnostics on this line
          again, with the test results, or discard what you entered.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" onClick={onDiscard}>
          Discard
        </Button>
        <Button variant="contained" onClick={onKeep}>
          Keep draft
        </Button>
      </DialogActions>
    </Dialog>
  );
}
