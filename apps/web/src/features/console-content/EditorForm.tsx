import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { isConflict, serverErrorMessage } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ownSubmitOnly } from '../../components/form/own-submit';
import { SaveButton } from '../../components/form/SaveButton';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { refusedFields } from './refused-fields';

/**
 * A console editor's save: the API's refusal of named fields goes to them, a conflict says the server's reason, any
 * other failure the portal's; a save says so and closes the editor.
 */
export function useEditorSave<Field extends string>({
  fieldOf,
  onRefusedFields,
  onSaved,
}: {
  fieldOf: (apiField: string) => Field | undefined;
  onRefusedFields: (errors: Partial<Record<Field, string>>) => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const save = async (send: () => Promise<unknown>) => {
    setSaving(true);
    setFailure(undefined);
    try {
      await send();
    } catch (error) {
      setSaving(false);
      const fields = refusedFields(error, fieldOf);
      if (fields) {
        onRefusedFields(fields);
        return;
      }
      if (!isConflict(error)) console.error(error);
      setFailure(
        isConflict(error) ? (serverErrorMessage(error) ?? saveFailureMessage(error)) : saveFailureMessage(error),
      );
      return;
    }
    notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' });
    onSaved();
  };
  return { saving, failure, dismissFailure: () => setFailure(undefined), save };
}

/**
 * The frame of a console editor that opens in place of its list: a form named by its heading, which takes the focus
 * so a screen reader knows where it is, the save's failure, and Cancel and Save.
 */
export function EditorForm({
  title,
  saving,
  failure,
  onDismissFailure,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  saving: boolean;
  failure: string | undefined;
  onDismissFailure: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={ownSubmitOnly(onSubmit)}
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
        {children}
        {failure ? (
          <Alert severity="error" onClose={onDismissFailure}>
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
