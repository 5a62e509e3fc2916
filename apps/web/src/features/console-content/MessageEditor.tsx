import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGE_STATUS_LABELS,
  MESSAGE_TEXT_MAX,
  type Message,
  messageOperations,
  messageStatus,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { callOperation } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ownSubmitOnly } from '../../components/form/own-submit';
import { SaveButton } from '../../components/form/SaveButton';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { formatDate } from '../../lib/format';
import { CompactMessage } from '../messages/CompactMessage';
import {
  formFieldOf,
  instantOfUkLocal,
  type MessageFormField,
  type MessageFormValues,
  messageFormValues,
  messageInputOf,
} from './message-form';
import { refusedFields } from './refused-fields';

type FieldErrors = Partial<Record<MessageFormField, string>>;

const when = (local: string) => {
  const instant = instantOfUkLocal(local);
  return instant ? formatDate(instant, 'dd/MM/yyyy HH:mm') : undefined;
};

/** When the message as it stands in the form would show, in words. */
function scheduleText(values: MessageFormValues): string {
  const start = when(values.start);
  const end = when(values.end);
  const [from, to] = [instantOfUkLocal(values.start), instantOfUkLocal(values.end)];
  if (from && to && Date.parse(to) <= Date.parse(from)) return 'The end must come after the start to show at all.';
  if (start && end) return `Shows from ${start} until ${end} (UK time).`;
  if (start) return `Shows from ${start} (UK time) until it is removed.`;
  if (end) return `Shows from when it is saved until ${end} (UK time).`;
  return 'Shows from when it is saved until it is removed.';
}

/**
 * Adding or changing a banner message (docs/decisions/0217): its text, an optional start and end in UK time, checked
 * with the API's own request schema, and a preview drawn by the customer's banner component itself.
 */
export function MessageEditor({
  message,
  onClose,
  onSaved,
}: {
  /** The message to change; none to add one. */
  message?: Message | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<MessageFormValues>(() => messageFormValues(message));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const title = message ? 'Edit message' : 'Add message';

  // The editor opens where the list was: its heading takes the focus, so a screen reader knows where it is.
  useEffect(() => heading.current?.focus(), []);

  const set = (field: MessageFormField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = messageInputOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    setFailure(undefined);
    try {
      if (message) {
        await callOperation(messageOperations.update, { params: { id: message.id }, body: checked.body });
      } else {
        await callOperation(messageOperations.create, { body: checked.body });
      }
    } catch (error) {
      setSaving(false);
      const fields = refusedFields(error, formFieldOf);
      if (fields) {
        setErrors(fields);
        return;
      }
      console.error(error);
      setFailure(saveFailureMessage(error));
      return;
    }
    notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' });
    onSaved();
  };

  const previewText = values.text.trim();
  const checked = messageInputOf(values);
  const draftStatus = checked.ok
    ? messageStatus(
        {
          ...(checked.body.startDate ? { startDate: checked.body.startDate } : {}),
          ...(checked.body.endDate ? { endDate: checked.body.endDate } : {}),
        },
        Date.now(),
      )
    : undefined;

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={ownSubmitOnly(submit)}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={3}>
        <Typography
          id={headingId}
          ref={heading}
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ '&:focus': { outline: 'none' } }}
        >
          {title}
        </Typography>
        <TextField
          label="Message"
          value={values.text}
          onChange={set('text')}
          multiline
          minRows={2}
          required
          fullWidth
          error={errors.text !== undefined}
          helperText={errors.text ?? `${values.text.trim().length} of ${MESSAGE_TEXT_MAX} characters`}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Starts (UK time)"
            type="datetime-local"
            value={values.start}
            onChange={set('start')}
            fullWidth
            error={errors.start !== undefined}
            helperText={errors.start ?? 'Empty: shows from when it is saved'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          />
          <TextField
            label="Ends (UK time)"
            type="datetime-local"
            value={values.end}
            onChange={set('end')}
            fullWidth
            error={errors.end !== undefined}
            helperText={errors.end ?? 'Empty: shows until it is removed'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          />
        </Stack>
        <Stack spacing={1} component="section" aria-label="Preview as the banner">
          <Typography variant="subtitle2" component="h3">
            Preview as the banner
          </Typography>
          {previewText === '' ? (
            <Typography variant="body2" color="text.secondary">
              The preview appears as you type the message.
            </Typography>
          ) : (
            <div data-testid="message-preview">
              <CompactMessage text={previewText} />
            </div>
          )}
          <Typography variant="body2" color="text.secondary">
            {scheduleText(values)}
            {draftStatus ? ` Status once saved: ${MESSAGE_STATUS_LABELS[draftStatus]}.` : ''}
          </Typography>
        </Stack>
        {failure ? (
          <Alert severity="error" onClose={() => setFailure(undefined)}>
            {failure}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SaveButton saving={saving} />
        </Stack>
      </Stack>
    </Paper>
  );
}
