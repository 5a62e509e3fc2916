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
  children,
}: {
  title: string;
  /** A request is on its way: the dialog cannot be dismissed until it answers. */
  busy: boolean;
  onCancel: () => void;
  /** The content is a form submitted by the actions' submit button. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          ...(onSubmit ? { component: 'form', noValidate: true, onSubmit } : {}),
          sx: { width: 500, maxWidth: 'calc(100% - 32px)', m: 2 },
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
    </Dialog>
  );
}
