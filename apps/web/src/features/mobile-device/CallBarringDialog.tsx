import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { sendDeviceChange } from './change-failure';
import { DeviceDialog, type DialogResult } from './DeviceDialog';
import { barChangeRequestedMessage, type CarrierLine } from './device-carrier';
import { barChanges, requestBarChanges } from './device-changes';
import { type LineBar, useLineBars } from './device-queries';

const NO_CHANGES_MESSAGE = 'You have not made any changes.';

/**
 * The call barring dialog (spec 2.14): a switch per bar the line's network offers, on where the line has it. With
 * EndPointCallBarring Write the switches can be changed and saved; saving nothing warns and closes 'canceled',
 * saving changes sends them and closes 'submit' once the portal has accepted them.
 */
export function CallBarringDialog({
  line,
  orderItemId,
  canWrite,
  onClose,
}: {
  line: CarrierLine;
  orderItemId: number;
  canWrite: boolean;
  onClose: (result: DialogResult) => void;
}) {
  const bars = useLineBars(line, orderItemId);
  const notify = useNotify();
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const save = async (loaded: LineBar[]) => {
    const changes = barChanges(loaded, chosen);
    if (changes.add.length === 0 && changes.remove.length === 0) {
      notify({ message: NO_CHANGES_MESSAGE, severity: 'warning' });
      onClose('canceled');
      return;
    }
    setSaving(true);
    setFailure(undefined);
    const failed = await sendDeviceChange(
      () => requestBarChanges(line, orderItemId, changes),
      { lead: NOTIFICATION_MESSAGES.mobileRequestProblem, requested: barChangeRequestedMessage(line) },
      { notify, closeAsSubmitted: () => onClose('submit') },
    );
    if (failed) {
      setFailure(failed);
      setSaving(false);
    }
  };

  const loaded = bars.data;
  return (
    <DeviceDialog
      title="Call Barring"
      busy={saving}
      error={failure}
      onCancel={() => onClose('canceled')}
      actions={
        canWrite ? (
          <>
            <Button onClick={() => onClose('canceled')} disabled={saving}>
              Cancel
            </Button>
            <Button
              variant="contained"
              disabled={saving || loaded === undefined}
              onClick={() => loaded && void save(loaded)}
              startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
            >
              Save
            </Button>
          </>
        ) : (
          <Button onClick={() => onClose('canceled')}>Close</Button>
        )
      }
    >
      {/* A reload that fails (a change reloads the carrier's reads) keeps the list the user is working on. */}
      {loaded === undefined && bars.isError ? (
        <LoadFailed text="We couldn't load the bars of this line" onRetry={() => void bars.refetch()} />
      ) : loaded === undefined ? (
        <Stack spacing={1} aria-busy="true">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={38} />
          ))}
        </Stack>
      ) : loaded.length === 0 ? (
        <Typography role="status">This line's network offers no bars.</Typography>
      ) : (
        <Stack>
          {canWrite ? null : (
            <Alert severity="info" sx={{ mb: 1 }}>
              You can see this line's bars but not change them.
            </Alert>
          )}
          {loaded.map((bar) => (
            <FormControlLabel
              key={bar.key}
              label={bar.name}
              disabled={!canWrite || saving}
              control={
                <Switch
                  checked={chosen[bar.key] ?? bar.active}
                  onChange={(_event, checked) => setChosen((current) => ({ ...current, [bar.key]: checked }))}
                />
              }
              sx={{ justifyContent: 'space-between', ml: 0, py: 0.25 }}
              labelPlacement="start"
            />
          ))}
        </Stack>
      )}
    </DeviceDialog>
  );
}
