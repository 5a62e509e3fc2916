import { failureBody, isBadRequest } from '../../api/operations';

/**
 * The form's fields a 400 of the API names (`details[].field`, mapped by `fieldOf` to the form's own), each with the
 * API's words for its first problem; undefined when the refusal names none of them.
 */
export function refusedFields<Field extends string>(
  error: unknown,
  fieldOf: (apiField: string) => Field | undefined,
): Partial<Record<Field, string>> | undefined {
  if (!isBadRequest(error)) return undefined;
  const details = (failureBody(error) as { details?: Array<{ field?: unknown; message?: unknown }> } | undefined)
    ?.details;
  const errors: Partial<Record<Field, string>> = {};
  for (const detail of details ?? []) {
    const field = typeof detail.field === 'string' ? fieldOf(detail.field) : undefined;
    if (field && typeof detail.message === 'string') errors[field] ??= detail.message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
