import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_KIND_DESCRIPTIONS,
  REPORT_KIND_LABELS,
  REPORT_LIMITS,
  type ReportKind,
  type ReportSubscription,
  reportOperations,
} from '@portal/contract';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { callOperation, serverErrorMessage } from '../../api/operations';
import { type ReportFormValues, reportFormSchema, saveOf, valuesOf } from './report-form';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * Adds a subscription, or changes one: the report (only the kinds the caller may have), its format, how often, and
 * who gets it. Saving a stopped one resumes it, which the server allows once the caller has the kind's access again.
 */
export function ReportSubscriptionDialog({
  subscription,
  kinds,
  myEmail,
  onClose,
  onSaved,
}: {
  subscription: ReportSubscription | undefined;
  kinds: readonly ReportKind[];
  myEmail: string;
  onClose: () => void;
  onSaved: (saved: ReportSubscription) => void;
}) {
  const titleId = useId();
  const [failure, setFailure] = useState<string | undefined>();
  const offered = subscription && !kinds.includes(subscription.kind) ? [subscription.kind, ...kinds] : kinds;
  const {
    control,
    handleSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: valuesOf(subscription, offered[0] ?? 'billsSummary'),
  });
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const body = saveOf(values, subscription?.state === 'stopped' ? false : (subscription?.paused ?? false));
      const saved = subscription
        ? await callOperation(reportOperations.update, { params: { id: subscription.id }, body })
        : await callOperation(reportOperations.create, { body });
      onSaved(saved);
    } catch (error) {
      setFailure(serverErrorMessage(error) ?? SOMETHING_WENT_WRONG);
    }
  });

  const emailsField = register('emailsText');
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{subscription ? 'Change scheduled report' : 'Add a scheduled report'}</DialogTitle>
      <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label="Report"
                  disabled={isSubmitting}
                  error={errors.kind !== undefined}
                  helperText={errors.kind?.message ?? REPORT_KIND_DESCRIPTIONS[kind]}
                >
                  {offered.map((option) => (
                    <MenuItem key={option} value={option}>
                      {REPORT_KIND_LABELS[option]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="format"
              render={({ field }) => (
                <TextField {...field} select label="Format" disabled={isSubmitting}>
                  {REPORT_FORMATS.map((option) => (
                    <MenuItem key={option} value={option}>
                      {REPORT_FORMAT_LABELS[option]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="frequency"
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label="How often"
                  disabled={isSubmitting}
                  helperText="At 07:00 London time. Monthly reports come the day after bills are issued."
                >
                  {REPORT_FREQUENCIES.map((option) => (
                    <MenuItem key={option} value={option}>
                      {REPORT_FREQUENCY_LABELS[option]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="sendToMe"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      disabled={isSubmitting}
                    />
                  }
                  label={
                    <span style={{ overflowWrap: 'anywhere' }}>Send it to me ({myEmail || 'my e-mail address'})</span>
                  }
                />
              )}
            />
            <TextField
              name={emailsField.name}
              onChange={emailsField.onChange}
              onBlur={emailsField.onBlur}
              inputRef={emailsField.ref}
              label="Other e-mail addresses"
              multiline
              minRows={2}
              disabled={isSubmitting}
              error={errors.emailsText !== undefined}
              helperText={
                errors.emailsText?.message ??
                `Up to ${REPORT_LIMITS.maxEmails}, separated by commas or new lines. They receive what you can see.`
              }
            />
            <Typography variant="body2" color="text.secondary">
              Each report holds only what you can see in the portal when it is sent, each company's figures on their
              own. If you lose access to it, it stops.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
