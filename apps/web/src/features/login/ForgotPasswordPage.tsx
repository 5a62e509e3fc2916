import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ForgotPasswordForm, ForgotPasswordFormSchema, NOTIFICATION_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { forgotPassword } from '../../api/auth-api';
import { TextInput } from '../../components/form/TextInput';
import { muiRegister } from '../../lib/mui-register';
import { PartnerThemeProvider } from '../../partner/PartnerThemeProvider';
import { AuthLayout } from './AuthLayout';
import { loginErrorText } from './login-errors';

export const FORGOT_PASSWORD_CONFIRMATION_TEXT =
  'If an account matches the username and email address you have entered you should receive an email with a temporary password.';

/** /forgot-password (spec 2.4): username and email; success goes to the confirmation screen. */
export function ForgotPasswordPage() {
  // The sign-in page is plain (decision 0191); the pages after it bring MUI and the partner's theme.
  return (
    <PartnerThemeProvider>
      <ForgotPasswordCard />
    </PartnerThemeProvider>
  );
}

function ForgotPasswordCard() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { username: '', emailAddress: '' },
  });

  const onSubmit = handleSubmit(async (fields) => {
    setError(undefined);
    const result = await forgotPassword(fields);
    if (result.ok) {
      navigate('/forgot-password-confirmation');
      return;
    }
    if (result.reason === 'server') console.error('Password reset failed: the server gave no answer');
    setError(
      result.reason === 'unexpected'
        ? NOTIFICATION_MESSAGES.forgotPasswordUnexpectedError
        : loginErrorText(result.reason, result.retryAfterSeconds),
    );
  });

  return (
    <AuthLayout>
      <Card component="section" aria-labelledby="forgot-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
            <Typography id="forgot-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              Forgot your password?
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Enter your username and the email address on your account and we will email you a temporary password.
            </Typography>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput
              {...muiRegister(register('username'))}
              label="Username"
              autoComplete="username"
              autoFocus
              error={errors.username !== undefined}
              helperText={errors.username?.message}
              disabled={isSubmitting}
            />
            <TextInput
              {...muiRegister(register('emailAddress'))}
              label="Email address"
              type="email"
              autoComplete="email"
              error={errors.emailAddress !== undefined}
              helperText={errors.emailAddress?.message}
              disabled={isSubmitting}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : null}
            >
              Reset password
            </Button>
            <Button component={RouterLink} to="/login" variant="text">
              Return to login
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

/** /forgot-password-confirmation: the spec's text and a way back. */
export function ForgotPasswordConfirmationPage() {
  return (
    <PartnerThemeProvider>
      <ForgotPasswordConfirmation />
    </PartnerThemeProvider>
  );
}

function ForgotPasswordConfirmation() {
  return (
    <AuthLayout>
      <Card component="section" aria-labelledby="confirmation-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={2.5}>
            <Typography id="confirmation-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              Check your email
            </Typography>
            <Typography variant="body1">{FORGOT_PASSWORD_CONFIRMATION_TEXT}</Typography>
            <Button component={RouterLink} to="/login" variant="contained" size="large">
              Return to login
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
