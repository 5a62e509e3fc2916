import { authenticatorCodeOf, recoveryCodeOf, TWO_STEP_MESSAGES } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import type { SecondStep } from '../../api/auth-api';
import { Alert } from '../../lib/plain-ui/Alert';
import { Spinner } from '../../lib/plain-ui/Spinner';
import { TextField } from '../../lib/plain-ui/TextField';
import { EnrolmentStep } from './EnrolmentStep';
import { useCompleteSecondStep } from './useCompleteSecondStep';

type Factor = 'authenticator' | 'recovery_code';

const COPY = {
  authenticator: {
    prompt: 'Enter the 6-digit code your authenticator app shows for this account.',
    label: 'Code',
    other: 'Use a recovery code instead',
  },
  recovery_code: {
    prompt: 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.',
    label: 'Recovery code',
    other: 'Use your authenticator app instead',
  },
} as const;

/**
 * The second step of a sign-in (decision 0207), or, for a user whose company requires a second factor they have yet
 * to set up, setting one up (decision 0210).
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
 * The second step's code: a code from the authenticator app, or a recovery code, within the
 * five minutes the challenge lasts. Plain elements, as the rest of the sign-in page (decision 0191). `onRestart`
 * goes back to the password, with what to tell the user.
 */
function CodeStep({ secondStep, onRestart }: { secondStep: SecondStep; onRestart: (notice?: string) => void }) {
  const complete = useCompleteSecondStep();
  const [factor, setFactor] = useState<Factor>('authenticator');
  const [error, setError] = useState<string | undefined>();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);
  const copy = COPY[factor];
  const other: Factor = factor === 'authenticator' ? 'recovery_code' : 'authenticator';
  const canSwitch = secondStep.factors.includes(other);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    const outcome = await complete(
      secondStep.challenge,
      factor === 'authenticator' ? { code } : { recoveryCode: code },
    );
    if (outcome.ok) return;
    setSubmitting(false);
    if (outcome.restart) onRestart(outcome.error);
    else setError(outcome.error);
  }

  function switchFactor() {
    setFactor(other);
    setError(undefined);
    setFieldError(undefined);
  }

  return (
    <section className="plain-card" aria-labelledby="second-step-title">
      <div className="plain-card__content">
        <form className="plain-stack plain-stack--form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <h1 id="second-step-title" className="plain-heading">
            Two-step verification
          </h1>
          <p className="second-step__prompt">{copy.prompt}</p>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            // A new field for each factor: it starts empty, with the focus in it.
            key={factor}
            name="code"
            label={copy.label}
            autoFocus
            autoComplete={factor === 'authenticator' ? 'one-time-code' : 'off'}
            inputMode={factor === 'authenticator' ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={factor === 'authenticator' ? 7 : 20}
            error={fieldError !== undefined}
            helperText={fieldError}
            disabled={isSubmitting}
            onChange={() => setFieldError(undefined)}
          />
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
            Verify
          </button>
          {canSwitch ? (
            <button type="button" className="plain-button" onClick={switchFactor} disabled={isSubmitting}>
              {copy.other}
            </button>
          ) : null}
          <button type="button" className="plain-button" onClick={() => onRestart()} disabled={isSubmitting}>
            Back to log in
          </button>
        </form>
      </div>
    </section>
  );
}
