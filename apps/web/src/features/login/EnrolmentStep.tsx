import { authenticatorCodeOf, type LoginReply, TWO_STEP_MESSAGES } from '@portal/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { finishSignIn } from '../../api/auth-api';
import { callOperation, failureBody, serverErrorMessage } from '../../api/operations';
import { groupedKey, QR_CODE_PIXELS, useQrCode } from '../../lib/authenticator-qr-code';
import { Alert } from '../../lib/plain-ui/Alert';
import { Spinner } from '../../lib/plain-ui/Spinner';
import { TextField } from '../../lib/plain-ui/TextField';
import { saveBlob } from '../../lib/save-file';
import { themeCodeCookie } from '../../partner/usePartner';
import './enrolment-step.css';
import { loginErrorText } from './login-errors';
import { useGoToSignedInTarget } from './useSignIn';

const loadOperations = () => import('../../api/first-load-operations');

type Setup = { secret: string; uri: string };
type Stage =
  | { kind: 'starting' }
  | { kind: 'start-failed'; message: string }
  | { kind: 'setting-up'; setup: Setup }
  | { kind: 'codes'; recoveryCodes: string[]; reply: LoginReply };

const SIGN_IN_FAILED = 'We could not finish signing you in. Please try again.';

/** Whether the server said the sign-in's challenge is over (unknown, used or timed out). */
const challengeExpired = (error: unknown) =>
  (failureBody(error) as { error?: unknown } | undefined)?.error === 'challenge_expired';

/** What to say of a refused call: the server's words (a wrong code, too many tries), else the sign-in's own texts. */
function failureText(error: unknown): string {
  if (failureBody(error) === undefined) return loginErrorText('server');
  return serverErrorMessage(error) ?? loginErrorText('unexpected');
}

/**
 * The second step of a sign-in whose company requires two-step verification, for a user with no second factor yet
 * (decision 0210): set up an authenticator app with the sign-in's challenge, confirm it with a code, save the
 * recovery codes, then go in. Plain elements, as the rest of the sign-in page (decision 0191); it loads with the
 * second step's card, never with the page.
 */
export function EnrolmentStep({ challenge, onRestart }: { challenge: string; onRestart: (notice?: string) => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  // The page hands a new function each render: the key is asked for once per challenge, not once per render.
  const restart = useRef(onRestart);
  restart.current = onRestart;

  const start = useCallback(async () => {
    setStage({ kind: 'starting' });
    try {
      const { loginOperations } = await loadOperations();
      const setup = await callOperation(loginOperations.enrolAuthenticator, { body: { challenge } });
      setStage({ kind: 'setting-up', setup });
    } catch (error) {
      if (challengeExpired(error)) restart.current(TWO_STEP_MESSAGES.challengeExpired);
      else setStage({ kind: 'start-failed', message: failureText(error) });
    }
  }, [challenge]);

  useEffect(() => {
    void start();
  }, [start]);

  return (
    <section className="plain-card" aria-labelledby="enrolment-title">
      <div className="plain-card__content">
        <div className="plain-stack plain-stack--form">
          <h1 id="enrolment-title" className="plain-heading">
            Set up two-step verification
          </h1>
          {stage.kind === 'codes' ? (
            <RecoveryCodes codes={stage.recoveryCodes} reply={stage.reply} />
          ) : (
            <>
              <p className="second-step__prompt">
                Your company requires two-step verification. Set up an authenticator app on your phone (such as
                Microsoft Authenticator, Google Authenticator or 1Password) to finish signing in.
              </p>
              {stage.kind === 'starting' ? (
                <div className="enrolment__loading" role="status" aria-label="Preparing your key">
                  <Spinner size={32} label="Preparing your key" />
                </div>
              ) : stage.kind === 'start-failed' ? (
                <>
                  <Alert severity="error">{stage.message}</Alert>
                  <button type="button" className="plain-button plain-button--contained" onClick={() => void start()}>
                    Try again
                  </button>
                </>
              ) : (
                <ConfirmApp
                  challenge={challenge}
                  setup={stage.setup}
                  onConfirmed={(recoveryCodes, reply) => setStage({ kind: 'codes', recoveryCodes, reply })}
                  onRestart={onRestart}
                />
              )}
              <button type="button" className="plain-button" onClick={() => onRestart()}>
                Back to log in
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function ConfirmApp({
  challenge,
  setup,
  onConfirmed,
  onRestart,
}: {
  challenge: string;
  setup: Setup;
  onConfirmed: (recoveryCodes: string[], reply: LoginReply) => void;
  onRestart: (notice?: string) => void;
}) {
  const qrCode = useQrCode(setup.uri);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = authenticatorCodeOf(String(new FormData(event.currentTarget).get('code') ?? ''));
    if (code === undefined) {
      setFieldError(TWO_STEP_MESSAGES.authenticatorCodeFormat);
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      const { loginOperations } = await loadOperations();
      const { recoveryCodes, ...reply } = await callOperation(loginOperations.confirmEnrolment, {
        body: { challenge, code },
      });
      onConfirmed(recoveryCodes, reply);
    } catch (error) {
      setSubmitting(false);
      if (challengeExpired(error)) onRestart(TWO_STEP_MESSAGES.challengeExpired);
      else setFieldError(failureText(error));
    }
  }

  return (
    <form className="plain-stack" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <p className="second-step__prompt">1. In the app, add an account and scan this QR code.</p>
      <div className="enrolment__qr">
        {qrCode.dataUrl ? (
          <img
            src={qrCode.dataUrl}
            width={QR_CODE_PIXELS}
            height={QR_CODE_PIXELS}
            alt="QR code of the key for your authenticator app"
          />
        ) : qrCode.failed ? (
          <Alert severity="info">The QR code could not be drawn. Enter the key below instead.</Alert>
        ) : (
          <div className="enrolment__qr-placeholder" />
        )}
      </div>
      <p className="second-step__prompt">Cannot scan it? Enter this key in the app instead (time-based):</p>
      <output className="enrolment__key" aria-label="Key">
        {groupedKey(setup.secret)}
      </output>
      <p className="second-step__prompt">2. Enter the 6-digit code the app now shows for this account.</p>
      <TextField
        name="code"
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        spellCheck={false}
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
            <Spinner size={18} inherit label="Confirming" />
          </span>
        ) : null}
        Confirm and continue
      </button>
    </form>
  );
}

/** The recovery codes, shown once; the sign-in completes when the user says they have saved them. */
function RecoveryCodes({ codes, reply }: { codes: string[]; reply: LoginReply }) {
  const goToSignedInTarget = useGoToSignedInTarget();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isFinishing, setFinishing] = useState(false);
  const text = `${codes.join('\n')}\n`;

  async function finish() {
    setFinishing(true);
    setError(undefined);
    const themeBefore = themeCodeCookie();
    const result = await finishSignIn(reply);
    if (result.ok) {
      goToSignedInTarget(themeBefore);
      return;
    }
    setFinishing(false);
    setError(SIGN_IN_FAILED);
  }

  return (
    <>
      <Alert severity="info">Your authenticator app is set up.</Alert>
      <p className="second-step__prompt">
        Save these recovery codes somewhere safe now: they will not be shown again. If you lose your phone, each one
        signs you in once instead of a code from the app.
      </p>
      <ol className="enrolment__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="enrolment__actions">
        <button
          type="button"
          className="plain-button"
          onClick={() => {
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button
          type="button"
          className="plain-button"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}
        >
          Download
        </button>
      </div>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <button
        type="button"
        className="plain-button plain-button--contained plain-button--large"
        onClick={() => void finish()}
        disabled={isFinishing}
      >
        {isFinishing ? (
          <span className="plain-button__start">
            <Spinner size={18} inherit label="Signing in" />
          </span>
        ) : null}
        I have saved them, continue
      </button>
    </>
  );
}
