import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SsoStartRequestSchema } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router';
import { completeSingleSignOn, type SingleSignOnFailureReason, startSingleSignOn } from '../../api/auth-api';
import { TextInput } from '../../components/form/TextInput';
import { useCookieConsent } from '../../cookie-consent/CookieConsent';
import { muiRegister } from '../../lib/mui-register';
import { PartnerThemeProvider } from '../../partner/PartnerThemeProvider';
import { themeCodeCookie } from '../../partner/usePartner';
import { AuthLayout } from '../login/AuthLayout';
import { loginErrorText } from '../login/login-errors';
import { useGoToSignedInTarget } from '../login/useSignIn';

type Failure = { reason: SingleSignOnFailureReason; message?: string; retryAfterSeconds?: number };

const failureText = ({ reason, message, retryAfterSeconds }: Failure) =>
  reason === 'refused' ? (message ?? loginErrorText('unexpected')) : loginErrorText(reason, retryAfterSeconds);

/** Whether the page was opened by the identity provider sending the browser back (with a code, or an error). */
const isProviderAnswer = (search: string) => {
  const query = new URLSearchParams(search);
  return query.has('state') || query.has('code') || query.has('error');
};

/**
 * /single-sign-on (docs/decisions/0208): asks for the work e-mail address (or username) and sends the browser to the
 * company's identity provider; the provider sends it back here, and the page finishes signing in with what it
 * brought, then goes where a password sign-in goes.
 */
export function SingleSignOnPage() {
  return (
    <PartnerThemeProvider>
      <SingleSignOnCard />
    </PartnerThemeProvider>
  );
}

function SingleSignOnCard() {
  const location = useLocation();
  const [completing, setCompleting] = useState(() => isProviderAnswer(location.search));
  const [error, setError] = useState<string | undefined>();
  const consent = useCookieConsent();
  const goToSignedInTarget = useGoToSignedInTarget();
  // The provider's answer works once: StrictMode's second effect must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!completing || sent.current) return;
    sent.current = true;
    const callback = location.search;
    // Off the address bar at once: a reload must not send the used answer again.
    window.history.replaceState(window.history.state, '', location.pathname);
    const themeBefore = themeCodeCookie();
    void completeSingleSignOn(callback, { cookiePolicyAccepted: consent.accepted }).then((result) => {
      if (result.ok) {
        goToSignedInTarget(themeBefore);
        return;
      }
      if (result.reason === 'cookies_policy') consent.highlight();
      setError(failureText(result));
      setCompleting(false);
    });
  }, [completing, location.search, location.pathname, consent, goToSignedInTarget]);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SsoStartRequestSchema), defaultValues: { login: '' } });

  const onSubmit = handleSubmit(async ({ login }) => {
    // As with the password (spec 4): the cookie notice first, before the user leaves for the provider.
    if (!consent.accepted) {
      consent.highlight();
      setError(loginErrorText('cookies_policy'));
      return;
    }
    setError(undefined);
    const result = await startSingleSignOn(login);
    if (result.ok) {
      window.location.assign(result.authorizationUrl);
      // The page stays busy until the browser has left it.
      await new Promise(() => {});
    }
    if (!result.ok) setError(failureText(result));
  });

  return (
    <AuthLayout>
      <Card component="section" aria-labelledby="sso-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          {completing ? (
            <Stack spacing={2.5} role="status" aria-live="polite" sx={{ alignItems: 'center' }}>
              <Typography id="sso-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                Single sign-on
              </Typography>
              <CircularProgress aria-label="Signing you in" />
              <Typography variant="body1">Signing you in…</Typography>
            </Stack>
          ) : (
            <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
              <Typography id="sso-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                Sign in with single sign-on
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Enter your work e-mail address or your username and we will take you to your organisation's sign-in
                page.
              </Typography>
              {error ? (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <TextInput
                {...muiRegister(register('login'))}
                label="Work e-mail address or username"
                type="text"
                autoComplete="username"
                autoFocus
                error={errors.login !== undefined}
                helperText={errors.login?.message}
                disabled={isSubmitting}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={isSubmitting}
                startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Continuing" /> : null}
              >
                Continue
              </Button>
              <Button component={RouterLink} to="/login" variant="text">
                Log in with a password
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
