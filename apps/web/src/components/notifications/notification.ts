import type { AlertColor } from '@mui/material/Alert';

/** The snackbar of spec section 9: one message at a time, 3 seconds unless the caller asks for longer. */
export interface Notification {
  message: string;
  severity?: AlertColor;
  durationMs?: number;
  /**
   * Called once the message has gone (timed out, closed, or replaced by another): a form re-enables its save
   * button then (spec 8), so the failure is read before it can be tried again.
   */
  onDismiss?: () => void;
}
