import { SESSION_COOKIE_HEADER, SESSION_COOKIE_MODE } from '@portal/contract';
import { resolveAppUrl } from '../../lib/base-url';

/** Starting and ending a view hand the browser another session: in its cookie, as a sign-in does (decision 0206). */
export const VIEW_AS_SESSION_HEADERS = { [SESSION_COOKIE_HEADER]: SESSION_COOKIE_MODE };

/**
 * Loads the app afresh at `path`: the page's memory (tokens, cached answers) is the old session's, so the new one
 * is restored from the cookie by a reload rather than patched in.
 */
export function goToApp(path: string): void {
  window.location.assign(resolveAppUrl(path).href);
}
