import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ConsoleFaq,
  FAQ_LIMITS,
  type FaqInput,
  FaqInputSchema,
  faqAdminOperations,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { type FormEvent, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { callOperation, isConflict, serverErrorMessage } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ownSubmitOnly } from '../../components/form/own-submit';
import { SaveButton } from '../../components/form/SaveButton';
import { Markdown } from '../../components/markdown/Markdown';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { refusedFields } from './refused-fields';

type Field = keyof FaqInput;
type FieldErrors = Partial<Record<Field, string>>;

/** The first problem of each field, by the request's own schema (the API's). */
export function faqErrorsOf(values: FaqInput): FieldErrors {
  const parsed = FaqInputSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'title' || field === 'text') errors[field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * Adding or changing a question (docs/decisions/0217): the question, its answer in Markdown, and a preview of the
 * answer rendered by the same component and sanitiser as the customer's FAQ page.
 */
export function FaqEditor({
  faq,
  onClose,
  onSaved,
}: {
  faq?: ConsoleFaq | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<FaqInput>({ title: faq?.title ?? '', text: faq?.text ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  // The preview renders a moment behind the typing, so a long answer never slows the keys down.
  const preview = useDeferredValue(values);

  useEffect(() => heading.current?.focus(), []);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = faqErrorsOf(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const body = FaqInputSchema.parse(values);
    setSaving(true);
    setFailure(undefined);
    try {
      if (faq) await callOperation(faqAdminOperations.update, { params: { id: faq.id }, body });
      else await callOperation(faqAdminOperations.create, { body });
    } catch (error) {
      setSaving(false);
      const fields = refusedFields(error, (field) => (field === 'title' || field === 'text' ? field : undefined));
      if (fields) {
        setErrors(fields);
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
          {faq ? 'Edit question' : 'Add question'}
        </Typography>
        <TextField
          label="Question"
          value={values.title}
          onChange={set('title')}
          required
          fullWidth
          error={errors.title !== undefined}
          helperText={errors.title ?? `${values.title.trim().length} of ${FAQ_LIMITS.title} characters`}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
          <TextField
            label="Answer (Markdown)"
            value={values.text}
            onChange={set('text')}
            required
            fullWidth
            multiline
            minRows={8}
            error={errors.text !== undefined}
            helperText={
              errors.text ??
              `**bold**, *italic*, - lists, [links](https://…), # headings. ${values.text.trim().length} of ${FAQ_LIMITS.text} characters`
            }
            sx={{ flex: 1, minWidth: 0 }}
            slotProps={{ htmlInput: { spellCheck: true } }}
          />
          <Stack
            component="section"
            aria-label="Preview of the answer"
            spacing={1}
            sx={{ flex: 1, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
          >
            <Typography variant="subtitle2" component="h3">
              Preview
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{preview.title.trim() || 'Your question'}</Typography>
            {preview.text.trim() === '' ? (
              <Typography variant="body2" color="text.secondary">
                The answer appears here as your customers will see it.
              </Typography>
            ) : (
              <div data-testid="faq-preview">
                <Markdown text={preview.text} headingLevel={4} />
              </div>
            )}
          </Stack>
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
