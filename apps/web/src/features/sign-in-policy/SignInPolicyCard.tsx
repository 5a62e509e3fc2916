import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CompanySignInPolicy,
  type NamedRef,
  type SignInPolicy,
  type SignInPolicySaveReply,
  signInPolicyOperations,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth-api';
import { callOperation, failureBody, isNotFound, operationQuery } from '../../api/operations';
import { retryUnlessNotFound } from '../../components/admin/AdminFormLayout';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { formatDateTime } from '../../lib/format';
import { confirmationText, fieldErrorsOf, policyOf } from './sign-in-policy-form';

export const signInPolicyQuery = (companyId: number) =>
  operationQuery(signInPolicyOperations.companySignInPolicy, { params: { id: companyId } });

/**
 * What the company requires of its users' sign-ins (docs/decisions/0210), on Company Security. A save first asks the
 * server how many sessions fall short (a dry run), and says so, the administrator's own included, before it ends
 * them.
 */
export function SignInPolicyCard({ company }: { company: NamedRef }) {
  const policy = useQuery({ ...signInPolicyQuery(company.id), retry: retryUnlessNotFound });
  return (
    <Card component="section" aria-labelledby="sign-in-policy-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Typography id="sign-in-policy-heading" variant="h6" component="h2">
            Sign-in policy
          </Typography>
          {policy.isPending ? (
            <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading the sign-in policy">
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={40} />
            </Stack>
          ) : policy.isError ? (
            isNotFound(policy.error) ? (
              <Alert severity="info">
                Only an administrator of the whole of {company.name} can set how its users sign in.
              </Alert>
            ) : (
              <LoadFailed text="We couldn't load the sign-in policy." onRetry={() => void policy.refetch()} />
            )
          ) : (
            <PolicyForm company={company} saved={policy.data} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function PolicyForm({ company, saved }: { company: NamedRef; saved: CompanySignInPolicy }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const breakGlassHelpId = useId();
  const [values, setValues] = useState<SignInPolicy>(() => policyOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [pending, setPending] = useState<SignInPolicySaveReply | undefined>();
  const queryKey = signInPolicyQuery(company.id).queryKey;

  useEffect(() => setValues(policyOf(saved)), [saved]);

  const onFailure = (error: unknown) => {
    setPending(undefined);
    const fields = fieldErrorsOf(failureBody(error));
    setErrors(fields);
    setFailure(Object.keys(fields).length > 0 ? undefined : saveFailureMessage(error));
  };

  // First a dry run: the checks, and how many sessions would end, for the confirmation to say.
  const preview = useMutation({
    mutationFn: (policy: SignInPolicy) =>
      callOperation(signInPolicyOperations.saveCompanySignInPolicy, {
        params: { id: company.id },
        body: { ...policy, dryRun: true },
      }),
    onSuccess: (reply) => {
      setErrors({});
      setPending(reply);
    },
    onError: onFailure,
  });

  const save = useMutation({
    mutationFn: (policy: SignInPolicy) =>
      callOperation(signInPolicyOperations.saveCompanySignInPolicy, { params: { id: company.id }, body: policy }),
    onSuccess: ({ sessionsEnded, ownSessionEnded, ...stored }) => {
      setPending(undefined);
      if (ownSessionEnded) {
        // The server has ended this session with the others: leave for the login page rather than fail the next call.
        navigate('/login', { replace: true });
        void logout();
        return;
      }
      queryClient.setQueryData(queryKey, stored);
      notify({
        message:
          sessionsEnded === 0
            ? 'Sign-in policy saved.'
            : `Sign-in policy saved. ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended.`,
        severity: 'success',
      });
    },
    onError: onFailure,
  });

  const busy = preview.isPending || save.isPending;
  const changed = JSON.stringify(values) !== JSON.stringify(policyOf(saved));
  const set = <K extends keyof SignInPolicy>(name: K, value: SignInPolicy[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    preview.mutate(values);
  }

  const ssoUnavailable = !saved.singleSignOnApproved && !values.singleSignOnOnly;

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Typography variant="body2">
        {saved.updatedAt
          ? `Last changed on ${formatDateTime(saved.updatedAt)}. Turning a requirement on signs out everyone whose session does not meet it.`
          : `${company.name} requires nothing beyond each user's password. Turning a requirement on signs out everyone whose session does not meet it.`}
      </Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}

      <PolicySwitch
        label="Require two-step verification"
        description="Users who sign in with a password also give a code from an authenticator app. Those without one set it up the next time they sign in. Signing in through single sign-on counts when your provider reports its own second step (multi-factor authentication turned on there)."
        checked={values.twoStepRequired}
        disabled={busy}
        onChange={(checked) => set('twoStepRequired', checked)}
        error={errors.twoStepRequired}
      />

      <PolicySwitch
        label="Single sign-on only"
        description={
          ssoUnavailable
            ? 'Available once your single sign-on connection is set up and your partner has approved it.'
            : 'Users sign in through your identity provider only: passwords are refused, and no temporary password is sent, except to the break-glass administrator below.'
        }
        checked={values.singleSignOnOnly}
        disabled={busy || ssoUnavailable}
        onChange={(checked) => set('singleSignOnOnly', checked)}
        error={errors.singleSignOnOnly}
      />
      {values.singleSignOnOnly ? (
        <TextField
          select
          label="Break-glass administrator"
          value={values.breakGlassUserId === null ? '' : String(values.breakGlassUserId)}
          onChange={(event) => set('breakGlassUserId', event.target.value === '' ? null : Number(event.target.value))}
          disabled={busy}
          error={errors.breakGlassUserId !== undefined}
          helperText={
            errors.breakGlassUserId ??
            'Can still sign in with a password, for when your identity provider is unavailable.'
          }
          slotProps={{ formHelperText: { id: breakGlassHelpId } }}
          sx={{ maxWidth: 480, ml: { sm: 7 } }}
        >
          {saved.administrators.map((administrator) => (
            <MenuItem key={administrator.id} value={String(administrator.id)}>
              {administrator.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}

      <PolicySwitch
        label="Allow passkeys to sign in without a password"
        description="Users with a passkey can use it instead of their password and second step."
        checked={values.passkeySignIn}
        disabled={busy}
        onChange={(checked) => set('passkeySignIn', checked)}
        error={errors.passkeySignIn}
      />

      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !changed}
          startIcon={preview.isPending ? <CircularProgress size={18} color="inherit" aria-label="Checking" /> : null}
        >
          Save policy
        </Button>
      </Stack>

      <ConfirmationDialog
        open={pending !== undefined}
        message={pending ? confirmationText(company.name, pending) : ''}
        busy={save.isPending}
        onConfirm={() => save.mutate(values)}
        onCancel={() => setPending(undefined)}
      />
    </Stack>
  );
}

function PolicySwitch({
  label,
  description,
  checked,
  disabled,
  onChange,
  error,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const descriptionId = useId();
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label={label}
        disabled={disabled}
        sx={{ alignSelf: 'flex-start' }}
      />
      <FormHelperText id={descriptionId} error={error !== undefined} sx={{ ml: { xs: 0, sm: 7 }, mt: 0 }}>
        {error ?? description}
      </FormHelperText>
    </Stack>
  );
}
