import { ApiError } from '../../api/client';
import { serverErrorMessage } from '../../api/endpoints';

/** The field a refused save names (`details[0].field` of the server's 400, decision 0109), if any. */
export function blamedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const details = (error.body as { details?: Array<{ field?: unknown }> } | null)?.details;
  const field = details?.[0]?.field;
  return typeof field === 'string' ? field : undefined;
}

/** What a failed save says: the server's reason for a refusal (400), else spec 8's unexpected-error message. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 400) return serverErrorMessage(error) ?? fallback;
  return fallback;
}
