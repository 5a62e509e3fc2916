import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';

/** How a dialog of the device page ended (spec 4): 'submit' when it sent a change, which marks the device pending. */
export type DialogResult = 'canceled' | 'submit';

/** The device page's dialogs: 500 px wide (spec 2.14), the screen's width less a margin on a phone. */
export function DeviceDialog({
  title,
  busy,
  onCancel,
  onSubmit,
  actions,
  error,
  children,
}: {
  title: string;
  /**
   * Why the last request failed, shown in the dialog: a snackbar would sit behind the open dialog, hidden from
   * screen readers by it (docs/decisions/0092).
   */
  error?: string | undefined;
  /** A request is on its way: the dialog cannot be dismissed until it answers. */
  busy: boolean;
  onCancel: () => void;
  /** The content is a form submitted by the actions' submit button. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const body = (
    <>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
    </>
  );
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 500, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/*
       * The form goes inside the dialog, not as its paper: a <form> may not take role="dialog" (axe's
       * aria-allowed-role). 'display: contents' keeps the paper's layout, so the content still scrolls.
       */}
      {onSubmit ? (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}
