import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangePasswordForm, ChangePasswordFormSchema, type LoginForm } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePassword, type SecondStep } from '../../api/auth-api';
import { PartnerThemeProvider } from '../../partner/PartnerThemeProvider';
import { NewPasswordFields } from '../passwords/NewPasswordFields';
import { useSignIn } from './useSignIn';

const COPY = {
  // Spec 2.4's screen, word for word.
  expired: {
    title: 'Your Password Has Expired',
    prompt: 'Please enter a new password in order to log in',
    submit: 'Log in',
  },
  // A new account's first sign-in: nothing has expired, the e-mailed password was only ever temporary (0139).
  firstSignIn: {
    title: 'Set your password',
    prompt:
      'Welcome! Your account is ready. Choose a password of your own to replace the temporary one we e-mailed you.',
    submit: 'Set password and log in',
  },
} as const;

/** `onSecondStep`: the new password was right, and the user's second factor is asked for next (decision 0207). */
type ExpiredPasswordProps = {
  credentials: LoginForm;
  firstSignIn: boolean;
  onSecondStep: (secondStep: SecondStep) => void;
};

/**
 * 'Your Password Has Expired' (spec 2.4), or 'Set your password' on a new account's first sign-in (decision 0139):
 * sets a new password, then signs in with it.
 */
export function ExpiredPasswordCard(props: ExpiredPasswordProps) {
  // The sign-in page around it is plain (decision 0191): loaded when needed, the card brings MUI's theme with it.
  return (
    <PartnerThemeProvider>
      <ExpiredPasswordForm {...props} />
    </PartnerThemeProvider>
  );
}

function ExpiredPasswordForm({ credentials, firstSignIn, onSecondStep }: ExpiredPasswordProps) {
  const copy = firstSignIn ? COPY.firstSignIn : COPY.expired;
  const signIn = useSignIn();
  const [error, setError] = useState<string | undefined>();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: credentials.password, newPassword: '', repeatPassword: '' },
  });

  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setError(undefined);
    const changed = await changePassword({
      userName: credentials.username,
      currentPassword: credentials.password,
      newPassword,
    });
    if (!changed.ok) {
      setError(changed.message);
      return;
    }
    const outcome = await signIn(credentials.username, newPassword);
    if (outcome.ok) return;
    if ('secondStep' in outcome) onSecondStep(outcome.secondStep);
    else setError('error' in outcome ? outcome.error : 'Your password has expired again.');
  });

  return (
    <Card component="section" aria-labelledby="expired-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <Typography id="expired-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {copy.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {copy.prompt}
          </Typography>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <input type="hidden" autoComplete="username" value={credentials.username} readOnly />
          <NewPasswordFields form={form} autoFocus />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Logging in" /> : null}
          >
            {copy.submit}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
