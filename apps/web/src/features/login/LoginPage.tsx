import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type LoginForm, LoginFormSchema } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { muiRegister } from '../../lib/mui-register';
import { LoginMessages } from '../messages/MessageBanner';
import { useCurrentMessages } from '../messages/useCurrentMessages';
import { PasswordField } from '../password/PasswordField';
import { AuthLayout } from './AuthLayout';
import { ExpiredPasswordCard } from './ExpiredPasswordCard';
import { useSignIn } from './useSignIn';

/** /login (spec 2.4): current messages above the card; the expired-password screen replaces the card when needed. */
export function LoginPage() {
  const [expired, setExpired] = useState<LoginForm | undefined>();
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
        {expired ? <ExpiredPasswordCard credentials={expired} /> : <LoginCard onPasswordExpired={setExpired} />}
      </Stack>
    </AuthLayout>
  );
}

function LoginCard({ onPasswordExpired }: { onPasswordExpired: (credentials: LoginForm) => void }) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (credentials) => {
    setError(undefined);
    const outcome = await signIn(credentials.username, credentials.password);
    if (outcome.ok) return;
    if ('passwordExpired' in outcome) onPasswordExpired(credentials);
    else setError(outcome.error);
  });

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
          <TextField
            {...muiRegister(register('username'))}
            label="Username"
            autoComplete="username"
            autoFocus
            error={errors.username !== undefined}
            helperText={errors.username?.message}
            disabled={isSubmitting}
          />
          <PasswordField
            {...muiRegister(register('password'))}
            label="Password"
            autoComplete="current-password"
            error={errors.password !== undefined}
            helperText={errors.password?.message}
            disabled={isSubmitting}
          />
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
