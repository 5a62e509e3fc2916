import { isBadRequest, serverErrorMessage } from '../../api/endpoints';

/** What a failed save says: the server's reason for a refusal (400), else spec 8's unexpected-error message. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  return isBadRequest(error) ? (serverErrorMessage(error) ?? fallback) : fallback;
}
