import type { CompanySignInPolicy, SignInPolicy, SignInPolicySaveReply } from '@portal/contract';

/** The saved policy as the form edits it. */
export function policyOf(saved: CompanySignInPolicy): SignInPolicy {
  return {
    twoStepRequired: saved.twoStepRequired,
    singleSignOnOnly: saved.singleSignOnOnly,
    breakGlassUserId: saved.breakGlassUserId,
    passkeySignIn: saved.passkeySignIn,
  };
}

/** What the confirmation says before a save: which sessions end, the administrator's own first. */
export function confirmationText(
  companyName: string,
  dryRun: Pick<SignInPolicySaveReply, 'sessionsEnded' | 'ownSessionEnded'>,
) {
  const { sessionsEnded, ownSessionEnded } = dryRun;
  if (sessionsEnded === 0) return `Save the sign-in policy of ${companyName}? Nobody is signed out.`;
  const sessions = `${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'}`;
  const others = ownSessionEnded ? sessionsEnded - 1 : sessionsEnded;
  const yours = ownSessionEnded
    ? ` This includes yours: you will be signed out and must sign in again${others > 0 ? `, as will the others` : ''}.`
    : ' Their users must sign in again.';
  return `Save the sign-in policy of ${companyName}? ${sessions} that ${sessionsEnded === 1 ? 'does' : 'do'} not meet it will end now.${yours}`;
}

/** The fields a refused save names, with each one's message. */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: unknown[] }).details as Array<{ field?: unknown; message?: unknown }>)
      : [];
  const errors: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail.field === 'string' && typeof detail.message === 'string') errors[detail.field] ??= detail.message;
  }
  return errors;
}
