import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { sendDeviceChange } from './change-failure';
import { DeviceDialog, type DialogResult } from './DeviceDialog';
import type { FirstFamilyLine } from './device-carrier';
import { requestSpendLimitUnbar } from './device-changes';

export const LIFT_SPEND_LIMIT_WARNING =
  'You will be responsible for any charges above your spend limit once this bar is removed.';

/** Confirms lifting a first-carrier line's spend-limit bar (spec 2.14), then asks for it. */
export function LiftSpendLimitDialog({
  line,
  orderItemId,
  onClose,
}: {
  line: FirstFamilyLine;
  orderItemId: number;
  onClose: (result: DialogResult) => void;
}) {
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const confirm = async () => {
    setSending(true);
    setFailure(undefined);
    const failed = await sendDeviceChange(
      () => requestSpendLimitUnbar(line, orderItemId),
      {
        lead: NOTIFICATION_MESSAGES.spendLimitRemovalFailed,
        requested: NOTIFICATION_MESSAGES.spendLimitRemovalRequested,
      },
      { notify, closeAsSubmitted: () => onClose('submit') },
    );
    if (failed) {
      setFailure(failed);
      setSending(false);
    }
  };

  return (
    <DeviceDialog
      title="Remove Spend Limit"
      busy={sending}
      error={failure}
      onCancel={() => onClose('canceled')}
      actions={
        <>
          <Button onClick={() => onClose('canceled')} disabled={sending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={sending}
            onClick={() => void confirm()}
            startIcon={sending ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : null}
          >
            Remove limit
          </Button>
        </>
      }
    >
      <DialogContentText>{LIFT_SPEND_LIMIT_WARNING}</DialogContentText>
    </DeviceDialog>
  );
}
