import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMINGS } from '@portal/contract';
import type { Notification } from './NotificationProvider';

/** The snackbar of spec section 9 showing one notification; a click elsewhere does not close it. */
export function NotificationSnackbar({
  notification,
  open,
  onClose,
}: {
  notification: Notification;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={notification.durationMs ?? TIMINGS.snackbarMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notification.severity ?? 'info'} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {notification.message}
      </Alert>
    </Snackbar>
  );
}
