import type { LoginForm } from '@portal/contract';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SecondStep } from '../../api/auth-api';
import { PageLoader } from '../../components/PageLoader';
import { Alert } from '../../lib/plain-ui/Alert';
import { PasswordField } from '../../lib/plain-ui/PasswordField';
import { Spinner } from '../../lib/plain-ui/Spinner';
import { TextField } from '../../lib/plain-ui/TextField';
import { useHydrated } from '../../lib/useHydrated';
import { useSlideIntoPlace } from '../../lib/useSlideIntoPlace';
import { LoginMessages } from '../messages/MessageBanner';
import { useCurrentMessages } from '../messages/useCurrentMessages';
import { AuthLayout } from './AuthLayout';
import { loginFormErrors } from './login-form';
import { useSignIn } from './useSignIn';

// Rarely needed, and it brings the strength meter: loaded only when a password has expired.
const ExpiredPasswordCard = lazy(() =>
  import('./ExpiredPasswordCard').then((module) => ({ default: module.ExpiredPasswordCard })),
);
// Only for users with two-step verification (decision 0207): loaded when their password was right.
const SecondStepCard = lazy(() => import('./SecondStepCard').then((module) => ({ default: module.SecondStepCard })));

/**
 * /login (spec 2.4): current messages above the card; the expired-password screen, or the second step of a user with
 * two-step verification (decision 0207), replaces the card when needed.
 * Plain elements only (no MUI): the page is pre-rendered at build time and its form shows before any script runs
 * (docs/decisions/0191).
 */
export function LoginPage() {
  const [expired, setExpired] = useState<PasswordChangeNeeded | undefined>();
  const [secondStep, setSecondStep] = useState<SecondStep | undefined>();
  // What the login card says when the second step sends the user back to it (it timed out).
  const [notice, setNotice] = useState<string | undefined>();
  const { data: messages = [] } = useCurrentMessages();
  // None while React takes over the pre-rendered page, which the build drew without any (they may be here by then).
  const shown = useHydrated() ? messages : [];
  // The messages come after the form was drawn, above it: the card slides down rather than jumping.
  const card = useRef<HTMLDivElement>(null);
  useSlideIntoPlace(card, shown.length);
  return (
    <AuthLayout>
      <div className="plain-stack">
        <LoginMessages messages={shown} />
        <div ref={card}>
          {secondStep ? (
            <Suspense fallback={<PageLoader />}>
              <SecondStepCard
                secondStep={secondStep}
                onRestart={(text) => {
                  setExpired(undefined);
                  setSecondStep(undefined);
                  setNotice(text);
                }}
              />
            </Suspense>
          ) : expired ? (
            <Suspense fallback={<PageLoader />}>
              <ExpiredPasswordCard
                credentials={expired.credentials}
                firstSignIn={expired.firstSignIn}
                onSecondStep={setSecondStep}
              />
            </Suspense>
          ) : (
            <LoginCard onPasswordExpired={setExpired} onSecondStep={setSecondStep} notice={notice} />
          )}
        </div>
      </div>
    </AuthLayout>
  );
}

/** The credentials that signed in as far as the forced change, and whether the account is new (decision 0139). */
type PasswordChangeNeeded = { credentials: LoginForm; firstSignIn: boolean };

function LoginCard({
  onPasswordExpired,
  onSecondStep,
  notice,
}: {
  onPasswordExpired: (needed: PasswordChangeNeeded) => void;
  onSecondStep: (secondStep: SecondStep) => void;
  notice?: string | undefined;
}) {
  const signIn = useSignIn();
  // Until the script has taken the pre-rendered form over, Enter must not submit it natively (a GET to /login with
  // the password in the address): a disabled submit button stops that.
  const hydrated = useHydrated();
  const [error, setError] = useState<string | undefined>(notice);
  const [errors, setErrors] = useState<Partial<Record<keyof LoginForm, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  // The inputs keep their own values (uncontrolled): what is typed into the pre-rendered form before the script
  // arrives stays there, where hydrating a controlled input would empty it.
  function field(name: keyof LoginForm) {
    return {
      name,
      error: errors[name] !== undefined,
      helperText: errors[name],
      disabled: isSubmitting,
    };
  }

  // Two fields need no form library: the page that every visitor loads stays small (docs/decisions/0021).
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') };
    const invalid = loginFormErrors(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setError(undefined);
    setSubmitting(true);
    const outcome = await signIn(values.username, values.password);
    if (outcome.ok) return;
    setSubmitting(false);
    if ('passwordExpired' in outcome) onPasswordExpired({ credentials: values, firstSignIn: outcome.firstSignIn });
    else if ('secondStep' in outcome) onSecondStep(outcome.secondStep);
    else setError(outcome.error);
  }

  return (
    <section className="plain-card" aria-labelledby="login-title">
      <div className="plain-card__content">
        <form className="plain-stack plain-stack--form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <h1 id="login-title" className="plain-heading">
            Log in
          </h1>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField {...field('username')} label="Username" autoComplete="username" autoFocus />
          <PasswordField {...field('password')} label="Password" autoComplete="current-password" />
          <button
            type="submit"
            className="plain-button plain-button--contained plain-button--large"
            disabled={isSubmitting || !hydrated}
            data-waiting-for-script={hydrated ? undefined : true}
          >
            {isSubmitting ? (
              <span className="plain-button__start">
                <Spinner size={18} inherit label="Logging in" />
              </span>
            ) : null}
            Log in
          </button>
          <Link to="/forgot-password" className="plain-button">
            Forgot your password?
          </Link>
          <button
            type="button"
            className="plain-button"
            disabled={isSubmitting || !hydrated}
            // All of it loads on the click (decision 0209): the sign-in page's budget is nearly spent.
            onClick={() => void import('./passkey-sign-in').then((m) => m.signInWithPasskey(setError, setSubmitting))}
          >
            Sign in with a passkey
          </button>
          <Link to="/single-sign-on" className="plain-button">
            Sign in with single sign-on
          </Link>
        </form>
      </div>
    </section>
  );
}
