// No zod here: the web app's first load reads these (docs/decisions/0184).

/**
 * The request header by which the web app keeps its refresh token in an HttpOnly cookie rather than in the JSON
 * answers (docs/decisions/0206): with it, login and refresh set the cookie and leave `refresh_token` out, the dash
 * login issues no refresh token, and refresh and revoke read the token from the cookie. A cross-site form cannot send
 * it, so it is also the refresh's guard against cross-site requests. API clients leave it out and keep the spec's
 * token answers.
 */
export const SESSION_COOKIE_HEADER = 'x-portal-session';
export const SESSION_COOKIE_MODE = 'cookie';

/**
 * The cookie beside the refresh token's, readable by scripts, that says only that this browser holds one: set and
 * ended with it, so the web app asks for a refresh at start-up only when there is a session to restore.
 */
export const SIGNED_IN_COOKIE = 'portal_signed_in';

/**
 * Sent with a change refused because the session is a view as customer (read-only, decision 0220): the web app keeps
 * the session then, where any other 403 ends it.
 */
export const READ_ONLY_VIEW_HEADER = 'x-portal-read-only-view';
