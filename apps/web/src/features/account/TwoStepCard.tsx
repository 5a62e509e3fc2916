import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_COUNT, TWO_STEP_MESSAGES, twoStepOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callOperation, operationQuery, refusedField, serverErrorMessage } from '../../api/operations';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { formatDate } from '../../lib/format';
import { saveBlob } from '../../lib/save-file';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { useIdentityConfirmation } from './useIdentityConfirmation';

/** What the card is doing: showing the status, setting an app up, showing new codes, or asking who is there. */
type Stage =
  | { kind: 'status' }
  | { kind: 'setup'; setup: { secret: string; uri: string } }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'confirm'; action: 'remove' | 'renew' };

// Few enough that the user should make new ones before the last is gone.
const FEW_CODES_LEFT = 3;
const START_FAILED = 'Setting up could not start. Please try again.';

/**
 * My Account's two-step verification (decision 0207): whether an authenticator app is set up and how many recovery
 * codes are left; setting an app up, removing it, and new recovery codes, each shown once.
 */
export function TwoStepCard() {
  const status = useQuery(operationQuery(twoStepOperations.status, {}));
  const notify = useNotify();
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | undefined>();
  const backToStatus = () => setStage({ kind: 'status' });

  async function startSetup() {
    setStarting(true);
    setStartError(undefined);
    try {
      setStage({ kind: 'setup', setup: await callOperation(twoStepOperations.startAuthenticator, {}) });
    } catch (failure) {
      setStartError(serverErrorMessage(failure) ?? START_FAILED);
    } finally {
      setStarting(false);
    }
  }

  function body() {
    if (stage.kind === 'setup') {
      return (
        <AuthenticatorSetup
          setup={stage.setup}
          onCancel={backToStatus}
          // The codes' own screen says it is on; it must have the user's attention, not a snackbar.
          onConfirmed={(recoveryCodes) => setStage({ kind: 'codes', recoveryCodes })}
        />
      );
    }
    if (stage.kind === 'codes') return <RecoveryCodesShown codes={stage.recoveryCodes} onDone={backToStatus} />;
    if (stage.kind === 'confirm') {
      return (
        <ConfirmIdentity
          action={stage.action}
          onCancel={backToStatus}
          onDone={(recoveryCodes) => {
            if (recoveryCodes) {
              setStage({ kind: 'codes', recoveryCodes });
            } else {
              notify({ message: 'Two-step verification is off.', severity: 'success' });
              backToStatus();
            }
          }}
        />
      );
    }
    if (status.isError) {
      return <LoadFailed text="We couldn't load your two-step verification." onRetry={() => void status.refetch()} />;
    }
    if (status.isPending) {
      return (
        <Stack spacing={1} aria-busy="true">
          <Skeleton width="80%" />
          <Skeleton width="60%" />
          <Skeleton variant="rounded" width={220} height="2.25rem" />
        </Stack>
      );
    }
    const { authenticator, recoveryCodesLeft, passkeys } = status.data;
    if (!authenticator) {
      return (
        <Stack spacing={2}>
          {passkeys > 0 ? (
            <>
              <Typography variant="body2">
                Two-step verification is on: signing in asks for one of your passkeys after your password. You can also
                set up an authenticator app.
              </Typography>
              <Typography variant="body2">
                {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
              </Typography>
              <Box>
                <Button variant="outlined" onClick={() => setStage({ kind: 'confirm', action: 'renew' })}>
                  New recovery codes
                </Button>
              </Box>
            </>
          ) : (
            <Typography variant="body2">
              Two-step verification is off. Turn it on to ask for a code from an authenticator app on your phone after
              your password, so a stolen password alone cannot open your account.
            </Typography>
          )}
          {startError ? <Alert severity="error">{startError}</Alert> : null}
          <Box>
            <Button
              variant="contained"
              onClick={() => void startSetup()}
              disabled={starting}
              startIcon={starting ? <CircularProgress size={18} color="inherit" aria-label="Starting" /> : null}
            >
              Set up authenticator app
            </Button>
          </Box>
        </Stack>
      );
    }
    return (
      <Stack spacing={2}>
        <Typography variant="body2">
          Two-step verification is on: signing in asks for a code from your authenticator app, set up on{' '}
          {formatDate(authenticator.addedAt)}.
        </Typography>
        <Typography variant="body2">
          {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        </Typography>
        {recoveryCodesLeft < FEW_CODES_LEFT ? (
          <Alert severity="warning">
            You are running out of recovery codes: make new ones before you lose access to your phone.
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setStage({ kind: 'confirm', action: 'renew' })}>
            New recovery codes
          </Button>
          <Button color="error" onClick={() => setStage({ kind: 'confirm', action: 'remove' })}>
            Remove authenticator app
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby="two-step-title">
      <CardHeader
        title="Two-step verification"
        slotProps={{ title: { id: 'two-step-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>{body()}</CardContent>
    </Card>
  );
}

/** New recovery codes, shown this once, to copy or download before going on. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        Save these recovery codes somewhere safe now: they will not be shown again. If you lose your phone, each one
        signs you in once instead of a code from the app.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          pl: 4,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => {
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          variant="outlined"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}
        >
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Stack>
  );
}

const CONFIRM_COPY = {
  remove: {
    prompt: 'To remove your authenticator app, and with it your recovery codes, confirm it is you.',
    submit: 'Remove',
  },
  renew: {
    prompt: 'To replace your recovery codes with ten new ones (the old ones stop working), confirm it is you.',
    submit: 'Make new codes',
  },
} as const;

/**
 * Asks for the password, or a code from the app, before removing the app or replacing the codes; `onDone` gets the
 * new codes of a replacement.
 */
function ConfirmIdentity({
  action,
  onCancel,
  onDone,
}: {
  action: 'remove' | 'renew';
  onCancel: () => void;
  onDone: (recoveryCodes?: string[]) => void;
}) {
  const [isSubmitting, setSubmitting] = useState(false);
  const identity = useIdentityConfirmation({ disabled: isSubmitting, autoFocus: true });
  const copy = CONFIRM_COPY[action];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = identity.confirmation();
    if (!body) return;
    setSubmitting(true);
    try {
      if (action === 'remove') {
        await callOperation(twoStepOperations.removeAuthenticator, { body });
        onDone();
      } else {
        onDone((await callOperation(twoStepOperations.replaceRecoveryCodes, { body })).recoveryCodes);
      }
    } catch (failure) {
      const field = refusedField(failure);
      identity.showError(
        serverErrorMessage(failure) ??
          (field === 'code' ? TWO_STEP_MESSAGES.wrongAuthenticatorCode : 'Something went wrong. Please try again.'),
      );
      setSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <Typography variant="body2">{copy.prompt}</Typography>
      {identity.fields}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={action === 'remove' ? 'error' : 'primary'}
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
        >
          {copy.submit}
        </Button>
      </Stack>
    </Stack>
  );
}
