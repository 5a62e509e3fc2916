/*
 * The sign-in page's share of the spec's copy (sections 4 and 8), in a module of its own so that the sign-in page,
 * whose JavaScript has a budget, loads these few strings rather than all of messages.ts, which spreads them into
 * VALIDATION_MESSAGES and NOTIFICATION_MESSAGES for everyone else.
 */

export const SIGN_IN_VALIDATION_MESSAGES = {
  loginUsernameRequired: 'Please enter a username',
  loginPasswordRequired: 'Please enter a password',
} as const;

export const SIGN_IN_NOTIFICATION_MESSAGES = {
  loginInvalidCredentials: 'Invalid username or password.',
  loginCookiesPolicy: 'Please accept the cookies message above to continue.',
  loginUnexpectedError: 'Unexpected error, please try again later.',
  serverError: 'Server error, please try later.',
} as const;
