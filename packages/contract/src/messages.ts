/*
 * User-facing copy quoted in spec sections 4, 5 and 8, kept verbatim but for clear typos ('occured' is spelt
 * 'occurred', docs/decisions/0133)
 * so the server's validation errors and the web app's notices cannot drift apart.
 */

import { SIGN_IN_NOTIFICATION_MESSAGES, SIGN_IN_VALIDATION_MESSAGES } from './sign-in-messages';

export const VALIDATION_MESSAGES = {
  ...SIGN_IN_VALIDATION_MESSAGES,
  newPasswordRequired: 'Please enter a new password',
  newPasswordSameAsCurrent: 'Your new password must be different to your current password',
  passwordNeedsLowerCase: 'Must contain at least one lower case letter',
  passwordNeedsUpperCase: 'Must contain at least one upper case letter',
  passwordNeedsNumber: 'Must contain at least one number',
  passwordNeedsSpecialCharacter: 'Must contain at least one special character',
  repeatPasswordRequired: 'Please repeat the new password',
  passwordsDoNotMatch: 'The passwords you have entered do not match',
  currentPasswordRequired: 'Please enter your current password',
  forgotPasswordUsernameRequired: 'Username is required',
  forgotPasswordEmailRequired: 'Email address is required',
  emailPattern: 'The email address must contain a @ and be followed by at least one .',
  userNameTaken: 'This username is already taken',
  simNumbersSame: 'The sim numbers are the same.',
  exceededMaxUploadSize: 'Exceeded max upload size',
  exceededMaxFileCount: 'Exceeded max file count',
} as const;

export function passwordMinLengthMessage(minLength: number): string {
  return `Must contain ${minLength} or more characters`;
}

/** What a profile level must be assigned to; EndPoint profiles say which kind by their name. */
export const PROFILE_ASSIGNMENT_ITEMS = ['company', 'site', 'team', 'mobile device', 'broadband contract'] as const;
export type ProfileAssignmentItem = (typeof PROFILE_ASSIGNMENT_ITEMS)[number];

export function profileAssignmentRequiredMessage(profileName: string, item: ProfileAssignmentItem): string {
  return `A ${profileName} must be assigned to at least one ${item}.`;
}

export const NOTIFICATION_MESSAGES = {
  ...SIGN_IN_NOTIFICATION_MESSAGES,
  refreshTokenFailed: 'Refresh token failed.',
  changePasswordSuccessful: 'Change password successful.',
  unexpectedError: 'An unexpected error has occurred. Please try again later.',
  downloadFailed: 'Unable to download the file. Please try again later.',
  saveSuccessful: 'Save successful.',
  deleteSuccessful: 'Delete successful.',
  submitSuccessful: 'Submit successful.',
  diagnosticsUnexpectedError: 'An unexpected error has occurred. Please run the test again later.',
  diagnosticsDuplicateTest:
    'Duplicate test detected. Please try this test again without running fibre or sync status at the same time.',
  pendingChangesProcessing: 'There is a request for changes that is being processed.',
  pendingChangesContactSupport: 'Please contact support about your recent request for changes.',
  contractUpdateFailed: 'Unable to update this contract. Please try again later.',
  deviceUpdateFailed: 'Unable to update this device. Please try again later.',
  mobileRequestProblem: 'There was a problem with your request.',
  mobileRequestSuccessful: 'Your request has been successful.',
  barringChangesRequested: 'A request for your barring changes has been made.',
  barringChangesRequestedByEmail: 'The bar change has been requested. You will receive an email when it has completed.',
  simSwapRequested: 'A change of sim request has been made.',
  simSwapRequestedByEmail: 'The SIM swap has been requested. You will receive an email when it has completed.',
  spendLimitRemovalRequested: 'Request to remove spend limit has been made successfully.',
  // The spec quotes this one as '...has not been made successfully', without a closing full stop.
  spendLimitRemovalFailed: 'Request to remove spend limit has not been made successfully',
  forgotPasswordUnexpectedError: 'Unexpected error, please try again.',
} as const;

/** Why a site with lines on it cannot be deleted (decision 0110); one line reads 'device or contract'. */
export function siteHasLinesMessage(lines: number): string {
  return `This site still has ${lines} ${lines === 1 ? 'device or contract' : 'devices and contracts'}. Move them to another site first.`;
}

/** Why a site that is some users' only site cannot be deleted (decision 0127). */
export function siteIsOnlySiteOfMessage(userNames: readonly string[]): string {
  const names =
    userNames.length === 1
      ? (userNames[0] ?? '')
      : `${userNames.slice(0, -1).join(', ')} and ${userNames[userNames.length - 1] ?? ''}`;
  const them = userNames.length === 1 ? 'this user' : 'these users';
  return `This site is the only site of ${names}. Give ${them} another site, or delete ${them}, first.`;
}

/**
 * What became of a mobile change the portal could not accept (docs/decisions/0131): each follows the dialog's
 * failure sentence (NOTIFICATION_MESSAGES.mobileRequestProblem, or spendLimitRemovalFailed with a full stop), so the
 * user learns whether anything was changed and what to do. `waiting` stands alone: nothing failed.
 */
export const CARRIER_CHANGE_OUTCOMES = {
  notChanged: 'The network did not answer in time, so nothing has been changed. Please try again in a few minutes.',
  refused:
    'It was not accepted, so nothing has been changed. Please check the details, or contact support if this keeps happening.',
  unknown:
    'We could not tell whether it reached us. Please refresh the page to see whether the change is being processed before you try again.',
  waiting:
    'A request for changes of this kind is already stored for this line and waiting for the network. It will complete by itself, so there is no need to send it again.',
} as const;
