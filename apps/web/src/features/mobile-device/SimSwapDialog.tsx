import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES, type SimRule } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '../../components/form/TextInput';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { muiRegister } from '../../lib/mui-register';
import { sendDeviceChange } from './change-failure';
import { DeviceDialog, type DialogResult } from './DeviceDialog';
import { type CarrierLine, simSwapRequestedMessage } from './device-carrier';
import { requestSimSwap } from './device-changes';
import { useSimNumber, useSimRule } from './device-queries';
import { type SimSwapValues, simSwapFormSchema } from './sim-number-rule';

interface SimSwapDialogProps {
  line: CarrierLine;
  orderItemId: number;
  onClose: (result: DialogResult) => void;
}

/**
 * The SIM swap dialog (spec 2.14, 5): the new SIM number, checked against the carrier's length and pattern and the
 * current number before it is sent; closes 'submit' once the portal has accepted the swap.
 */
export function SimSwapDialog(props: SimSwapDialogProps) {
  const rule = useSimRule(props.line);
  // The current SIM, which the new one must differ from; if the carrier could not say, the form goes without.
  const sim = useSimNumber(props.line);
  if (rule.data && (sim.data !== undefined || sim.isError)) {
    return <SimSwapForm {...props} rule={rule.data} currentSimNumber={sim.data} />;
  }
  return (
    <DeviceDialog
      title="SIM Swap"
      busy={false}
      onCancel={() => props.onClose('canceled')}
      actions={<Button onClick={() => props.onClose('canceled')}>Cancel</Button>}
    >
      {rule.isError ? (
        <LoadFailed text="We couldn't load the SIM number rules" onRetry={() => void rule.refetch()} />
      ) : (
        <Skeleton height={56} />
      )}
    </DeviceDialog>
  );
}

function SimSwapForm({
  line,
  orderItemId,
  currentSimNumber,
  onClose,
  rule,
}: SimSwapDialogProps & { rule: SimRule; currentSimNumber: string | undefined }) {
  const notify = useNotify();
  const schema = useMemo(
    () => simSwapFormSchema({ simLength: line.simLength, rule, currentSimNumber }),
    [line.simLength, rule, currentSimNumber],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SimSwapValues>({ resolver: zodResolver(schema), defaultValues: { simNumber: '' } });

  const [failure, setFailure] = useState<string | undefined>();

  const onSubmit = handleSubmit(async ({ simNumber }) => {
    setFailure(undefined);
    const failed = await sendDeviceChange(
      () => requestSimSwap(line, orderItemId, simNumber),
      { lead: NOTIFICATION_MESSAGES.mobileRequestProblem, requested: simSwapRequestedMessage(line) },
      { notify, closeAsSubmitted: () => onClose('submit') },
    );
    if (failed) setFailure(failed);
  });

  return (
    <DeviceDialog
      title="SIM Swap"
      busy={isSubmitting}
      error={failure}
      onCancel={() => onClose('canceled')}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={() => onClose('canceled')} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : null}
          >
            Submit
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {currentSimNumber ? (
          <Typography variant="body2" color="text.secondary">
            Current SIM number: {currentSimNumber}
          </Typography>
        ) : null}
        <TextInput
          {...muiRegister(register('simNumber'))}
          label="New SIM number"
          autoFocus
          autoComplete="off"
          inputProps={{ inputMode: 'numeric' }}
          disabled={isSubmitting}
          error={errors.simNumber !== undefined}
          helperText={errors.simNumber?.message}
        />
      </Stack>
    </DeviceDialog>
  );
}
