import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGE_STATUS_LABELS,
  MESSAGE_TEXT_MAX,
  type Message,
  messageOperations,
  messageStatus,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { callOperation } from '../../api/operations';
import { formatDate } from '../../lib/format';
import { CompactMessage } from '../messages/CompactMessage';
import { EditorForm, useEditorSave } from './EditorForm';
import {
  formFieldOf,
  instantOfUkLocal,
  type MessageFormField,
  type MessageFormValues,
  messageFormValues,
  messageInputOf,
} from './message-form';

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
  const [values, setValues] = useState<MessageFormValues>(() => messageFormValues(message));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { saving, failure, dismissFailure, save } = useEditorSave({
    fieldOf: formFieldOf,
    onRefusedFields: setErrors,
    onSaved,
  });

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
    await save(() =>
      message
        ? callOperation(messageOperations.update, { params: { id: message.id }, body: checked.body })
        : callOperation(messageOperations.create, { body: checked.body }),
    );
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
    <EditorForm
      title={message ? 'Edit message' : 'Add message'}
      saving={saving}
      failure={failure}
      onDismissFailure={dismissFailure}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </EditorForm>
  );
}
