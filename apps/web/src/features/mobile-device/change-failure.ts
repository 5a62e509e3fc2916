import { CARRIER_CHANGE_OUTCOMES } from '@portal/contract';
import { callFailure } from '../../api/operations';
import type { Notify } from '../../components/notifications/NotificationProvider';

/** The server's codes for a carrier that did not answer usably while the change was being checked (nothing stored). */
const CARRIER_UNANSWERED = new Set(['carrier_timeout', 'carrier_unavailable', 'carrier_bad_answer']);

/**
 * What a failed change request means for the user (docs/decisions/0131): `waiting` when an earlier request of the
 * same kind is stored and the worker will finish it; otherwise the dialog's failure sentence and what became of
 * the change, so nobody is left guessing whether to send it again.
 */
export type ChangeFailure = { kind: 'waiting'; message: string } | { kind: 'failed'; message: string };

/** `lead` is the dialog's own failure sentence (the spec's words), which the outcome follows. */
export function changeFailure(error: unknown, lead: string): ChangeFailure {
  const failed = (outcome: string): ChangeFailure => ({ kind: 'failed', message: `${withFullStop(lead)} ${outcome}` });
  const failure = callFailure(error);
  if (!failure) return failed(CARRIER_CHANGE_OUTCOMES.unknown);
  if (failure.status === 409 && failure.code === 'change_pending') {
    return { kind: 'waiting', message: CARRIER_CHANGE_OUTCOMES.waiting };
  }
  if (CARRIER_UNANSWERED.has(failure.code ?? '')) return failed(CARRIER_CHANGE_OUTCOMES.notChanged);
  // The portal answers every refusal before it stores anything (one transaction); a 5xx of its own may come after.
  if (failure.status < 500 || failure.code === 'carrier_refused') return failed(CARRIER_CHANGE_OUTCOMES.refused);
  return failed(CARRIER_CHANGE_OUTCOMES.unknown);
}

function withFullStop(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Sends a device dialog's change and settles it the same way in every dialog: done, it says `requested` and the
 * dialog closes as submitted; a change of that kind already waiting is no failure either (an information message,
 * closed as submitted); otherwise it answers the failure for the dialog to show, after `lead`.
 */
export async function sendDeviceChange(
  send: () => Promise<unknown>,
  texts: { lead: string; requested: string },
  { notify, closeAsSubmitted }: { notify: Notify; closeAsSubmitted: () => void },
): Promise<string | undefined> {
  try {
    await send();
  } catch (error) {
    console.error(error);
    const outcome = changeFailure(error, texts.lead);
    if (outcome.kind === 'failed') return outcome.message;
    notify({ message: outcome.message, severity: 'info' });
    closeAsSubmitted();
    return undefined;
  }
  notify({ message: texts.requested, severity: 'success' });
  closeAsSubmitted();
  return undefined;
}
