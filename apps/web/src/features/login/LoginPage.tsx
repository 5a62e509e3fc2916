import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginForm } from '@portal/contract';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../components/form/TextInput';
import { PageLoader } from '../../components/PageLoader';
import { LoginMessages } from '../messages/MessageBanner';
import { useCurrentMessages } from '../messages/useCurrentMessages';
import { PasswordField } from '../passwords/PasswordField';
import { AuthLayout } from './AuthLayout';
import { loginFormErrors } from './login-form';
import { useSignIn } from './useSignIn';

// Rarely needed, and it brings the strength meter: loaded only when a password has expired.
const ExpiredPasswordCard = lazy(() =>
  import('./ExpiredPasswordCard').then((module) => ({ default: module.ExpiredPasswordCard })),
);

/** /login (spec 2.4): current messages above the card; the expired-password screen replaces the card when needed. */
export function LoginPage() {
  const [expired, setExpired] = useState<PasswordChangeNeeded | undefined>();
  // The messages go above the card: wait for them (or their failure) so the card does not jump down under the cursor.
  const { isPending } = useCurrentMessages();
  if (isPending)
    return (
      <AuthLayout>
        <PageLoader />
      </AuthLayout>
    );
  return (
    <AuthLayout>
      <Stack spacing={2}>
        <LoginMessages />
        {expired ? (
          <Suspense fallback={<PageLoader />}>
            <ExpiredPasswordCard credentials={expired.credentials} firstSignIn={expired.firstSignIn} />
          </Suspense>
        ) : (
          <LoginCard onPasswordExpired={setExpired} />
        )}
      </Stack>
    </AuthLayout>
  );
}

/** The credentials that signed in as far as the forced change, and whether the account is new (decision 0139). */
type PasswordChangeNeeded = { credentials: LoginForm; firstSignIn: boolean };

function LoginCard({ onPasswordExpired }: { onPasswordExpired: (needed: PasswordChangeNeeded) => void }) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | undefined>();
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginForm, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  function field(name: keyof LoginForm) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
      error: errors[name] !== undefined,
      helperText: errors[name],
      disabled: isSubmitting,
    };
  }

  // Two fields need no form library: the page that every visitor loads stays small (docs/decisions/0021).
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = loginFormErrors(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setError(undefined);
    setSubmitting(true);
    const outcome = await signIn(values.username, values.password);
    if (outcome.ok) return;
    setSubmitting(false);
    if ('passwordExpired' in outcome) onPasswordExpired({ credentials: values, firstSignIn: outcome.firstSignIn });
    else setError(outcome.error);
  }

  return (
    <Card component="section" aria-labelledby="login-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <Typography id="login-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Log in
          </Typography>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput {...field('username')} label="Username" autoComplete="username" autoFocus />
          <PasswordField {...field('password')} label="Password" autoComplete="current-password" />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Logging in" /> : null}
          >
            Log in
          </Button>
          <Button component={RouterLink} to="/forgot-password" variant="text">
            Forgot your password?
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
