import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMINGS } from '@portal/contract';
import type { Notification } from './notification';

const FILLED: ReadonlySet<AlertColor> = new Set(['success', 'error']);

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
  const severity = notification.severity ?? 'info';
  return (
    <Snackbar
      open={open}
      autoHideDuration={notification.durationMs ?? TIMINGS.snackbarMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      // At the top, just under the toolbar: at the bottom it sat on the buttons that forms end with, the very ones
      // whose outcome it reports (decision 0073).
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <Alert
        severity={severity}
        // White on the theme's amber or light blue is below WCAG AA contrast: those two are drawn light, dark text.
        variant={FILLED.has(severity) ? 'filled' : 'standard'}
        onClose={onClose}
        sx={{ width: '100%', boxShadow: 6 }}
      >
        {notification.message}
      </Alert>
    </Snackbar>
  );
}
