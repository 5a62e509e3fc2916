import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ConsoleFaq, FAQ_LIMITS, type FaqInput, FaqInputSchema, faqAdminOperations } from '@portal/contract';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { callOperation } from '../../api/operations';
import { Markdown } from '../../components/markdown/Markdown';
import { EditorForm, useEditorSave } from './EditorForm';

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
  const [values, setValues] = useState<FaqInput>({ title: faq?.title ?? '', text: faq?.text ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { saving, failure, dismissFailure, save } = useEditorSave({
    fieldOf: (field) => (field === 'title' || field === 'text' ? field : undefined),
    onRefusedFields: setErrors,
    onSaved,
  });
  // The preview renders a moment behind the typing, so a long answer never slows the keys down.
  const preview = useDeferredValue(values);

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
    await save(() =>
      faq
        ? callOperation(faqAdminOperations.update, { params: { id: faq.id }, body })
        : callOperation(faqAdminOperations.create, { body }),
    );
  };

  return (
    <EditorForm
      title={faq ? 'Edit question' : 'Add question'}
      saving={saving}
      failure={failure}
      onDismissFailure={dismissFailure}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </EditorForm>
  );
}
