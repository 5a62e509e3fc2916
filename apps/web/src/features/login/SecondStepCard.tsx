import { authenticatorCodeOf, recoveryCodeOf, type SecondFactor, TWO_STEP_MESSAGES } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import type { SecondStep } from '../../api/auth-api';
import { Alert } from '../../lib/plain-ui/Alert';
import { Spinner } from '../../lib/plain-ui/Spinner';
import { TextField } from '../../lib/plain-ui/TextField';
import { EnrolmentStep } from './EnrolmentStep';
import { useCompleteSecondStep } from './useCompleteSecondStep';

type CodeFactor = Exclude<SecondFactor, 'passkey'>;

const COPY = {
  authenticator: {
    prompt: 'Enter the 6-digit code your authenticator app shows for this account.',
    label: 'Code',
  },
  recovery_code: {
    prompt: 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.',
    label: 'Recovery code',
  },
} as const;

/** The buttons that switch to another factor the user has, in this order. */
const SWITCH_TO: ReadonlyArray<[SecondFactor, string]> = [
  ['passkey', 'Use a passkey'],
  ['authenticator', 'Use your authenticator app instead'],
  ['recovery_code', 'Use a recovery code instead'],
];

const firstFactor = (factors: readonly SecondFactor[]): SecondFactor =>
  factors.includes('authenticator') ? 'authenticator' : factors.includes('passkey') ? 'passkey' : 'recovery_code';

/**
 * The second step of a sign-in (decisions 0207, 0209), or, for a user whose company requires a second factor they have
 * yet to set up, setting one up (decision 0210).
 */
export function SecondStepCard({
  secondStep,
  onRestart,
}: {
  secondStep: SecondStep;
  onRestart: (notice?: string) => void;
}) {
  if (secondStep.enrol) return <EnrolmentStep challenge={secondStep.challenge} onRestart={onRestart} />;
  return <CodeStep secondStep={secondStep} onRestart={onRestart} />;
}

/**
 * The second step's factor: a code from the authenticator app, a passkey, or a recovery code, within the five minutes
 * the challenge lasts. Plain elements, as the rest of the sign-in page (decision 0191); the passkey's code loads only
 * when it is used. `onRestart` goes back to the password, with what to tell the user.
 */
function CodeStep({ secondStep, onRestart }: { secondStep: SecondStep; onRestart: (notice?: string) => void }) {
  const complete = useCompleteSecondStep();
  const [factor, setFactor] = useState<SecondFactor>(() => firstFactor(secondStep.factors));
  const [error, setError] = useState<string | undefined>();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function finish(answer: { code: string } | { recoveryCode: string } | { passkey: string }) {
    const outcome = await complete(secondStep.challenge, answer);
    if (outcome.ok) return;
    setSubmitting(false);
    if (outcome.restart) onRestart(outcome.error);
    else setError(outcome.error);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (factor === 'passkey') {
      await givePasskey();
      return;
    }
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    const code = factor === 'authenticator' ? authenticatorCodeOf(typed) : recoveryCodeOf(typed);
    if (code === undefined) {
      setFieldError(
        factor === 'authenticator' ? TWO_STEP_MESSAGES.authenticatorCodeFormat : TWO_STEP_MESSAGES.recoveryCodeFormat,
      );
      return;
    }
    setFieldError(undefined);
    setError(undefined);
    setSubmitting(true);
    await finish(factor === 'authenticator' ? { code } : { recoveryCode: code });
  }

  /** Asks the browser for one of the user's passkeys, then completes the step with it. */
  async function givePasskey() {
    switchTo('passkey');
    setSubmitting(true);
    const { passkeyForSecondStep } = await import('./passkey-sign-in');
    const given = await passkeyForSecondStep(secondStep.challenge);
    if (given.ok) {
      await finish({ passkey: given.passkey });
      return;
    }
    setSubmitting(false);
    if (given.restart) onRestart(given.error);
    else setError(given.error);
  }

  function switchTo(next: SecondFactor) {
    setFactor(next);
    setError(undefined);
    setFieldError(undefined);
  }

  const others = SWITCH_TO.filter(([other]) => other !== factor && secondStep.factors.includes(other));
  return (
    <section className="plain-card" aria-labelledby="second-step-title">
      <div className="plain-card__content">
        <form className="plain-stack plain-stack--form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <h1 id="second-step-title" className="plain-heading">
            Two-step verification
          </h1>
          <p className="second-step__prompt">
            {factor === 'passkey'
              ? 'Use one of your passkeys to finish signing in: your browser will ask for it.'
              : COPY[factor].prompt}
          </p>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {factor === 'passkey' ? null : (
            <CodeField factor={factor} error={fieldError} disabled={isSubmitting} onChange={setFieldError} />
          )}
          <button
            type="submit"
            className="plain-button plain-button--contained plain-button--large"
            disabled={isSubmitting}
          >
            {isSubmitting ? (
              <span className="plain-button__start">
                <Spinner size={18} inherit label="Verifying" />
              </span>
            ) : null}
            {factor === 'passkey' ? 'Use a passkey' : 'Verify'}
          </button>
          {others.map(([other, label]) => (
            <button
              key={other}
              type="button"
              className="plain-button"
              onClick={() => (other === 'passkey' ? void givePasskey() : switchTo(other))}
              disabled={isSubmitting}
            >
              {label}
            </button>
          ))}
          <button type="button" className="plain-button" onClick={() => onRestart()} disabled={isSubmitting}>
            Back to log in
          </button>
        </form>
      </div>
    </section>
  );
}

function CodeField({
  factor,
  error,
  disabled,
  onChange,
}: {
  factor: CodeFactor;
  error: string | undefined;
  disabled: boolean;
  onChange: (error: undefined) => void;
}) {
  return (
    <TextField
      // A new field for each factor: it starts empty, with the focus in it.
      key={factor}
      name="code"
      label={COPY[factor].label}
      autoFocus
      autoComplete={factor === 'authenticator' ? 'one-time-code' : 'off'}
      inputMode={factor === 'authenticator' ? 'numeric' : 'text'}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={factor === 'authenticator' ? 7 : 20}
      error={error !== undefined}
      helperText={error}
      disabled={disabled}
      onChange={() => onChange(undefined)}
    />
  );
}
