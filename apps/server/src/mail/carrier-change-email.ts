import { automatedSignOff, type ComposedMail } from './mailer.js';

export type CarrierChangeOutcome = { state: 'succeeded' } | { state: 'failed'; reason: string };

const KIND_NAMES = {
  call_barring: 'bar change',
  sim_swap: 'SIM swap',
  spend_limit_unbar: 'spend-limit bar removal',
} as const;

/**
 * The e-mail supplier 36's users are promised when a bar change or SIM swap completes (spec 8: 'You will receive an
 * email when it has completed'), saying whether it was done and, if not, the carrier's reason.
 */
export function carrierChangeEmail(input: {
  userName: string;
  partnerName: string;
  cli: string;
  kind: keyof typeof KIND_NAMES;
  summary: string;
  outcome: CarrierChangeOutcome;
}): ComposedMail {
  const { userName, partnerName, cli, summary, outcome } = input;
  const what = KIND_NAMES[input.kind];
  const done = outcome.state === 'succeeded';
  const subject = done ? `Your ${what} for ${cli} has completed` : `Your ${what} for ${cli} could not be completed`;
  const text = [
    `Hello ${userName},`,
    '',
    done
      ? `The ${what} you requested for the mobile number ${cli} has been completed.`
      : `The ${what} you requested for the mobile number ${cli} could not be completed.`,
    '',
    `Request: ${summary}`,
    ...(outcome.state === 'failed'
      ? [`Reason: ${outcome.reason}`, '', 'Please contact support if you need help.']
      : []),
    '',
    ...automatedSignOff(partnerName),
  ].join('\n');
  return { subject, text };
}
