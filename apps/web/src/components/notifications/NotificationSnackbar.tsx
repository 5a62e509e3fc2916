import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { ThemeProvider } from '@mui/material/styles';
import { TIMINGS } from '@portal/contract';
import { createPortalTheme } from '../../partner/theme';
import type { Notification } from './notification';

const FILLED: ReadonlySet<AlertColor> = new Set(['success', 'error']);

// It draws in the status colours, which are the same for every partner, so the portal's own theme serves: the
// entry it is rendered from has none (decision 0191).
const theme = createPortalTheme();

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
    <ThemeProvider theme={theme}>
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
    </ThemeProvider>
  );
}
