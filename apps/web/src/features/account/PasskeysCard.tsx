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
import {
  PASSKEY_NAME_MAX,
  type Passkey,
  PasskeyNameSchema,
  passkeyOperations,
  TWO_STEP_MESSAGES,
  twoStepOperations,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callOperation, operationQuery, serverErrorMessage } from '../../api/operations';
import { TextInput } from '../../components/form/TextInput';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { formatDate } from '../../lib/format';
import { RecoveryCodesShown } from './TwoStepCard';
import { useIdentityConfirmation } from './useIdentityConfirmation';

/** What the card is doing: listing, naming a new passkey, showing the codes the first one brought, or a row's change. */
type Stage =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove'; passkey: Passkey };

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** The name as the contract takes it, or the rule it breaks. */
function checkedName(text: string): { name: string } | { error: string } {
  const result = PasskeyNameSchema.safeParse(text);
  return result.success ? { name: result.data } : { error: result.error.issues[0]?.message ?? SOMETHING_WENT_WRONG };
}

/**
 * My Account's passkeys (decision 0209): the caller's passkeys with when each was added and last used; adding one
 * (named first, then made by the browser), renaming, and removing one, confirmed with the password or a code.
 */
export function PasskeysCard() {
  const listQuery = operationQuery(passkeyOperations.list, {});
  const passkeys = useQuery(listQuery);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [stage, setStage] = useState<Stage>({ kind: 'list' });
  const backToList = () => setStage({ kind: 'list' });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: listQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: operationQuery(twoStepOperations.status, {}).queryKey });
  };

  function body() {
    if (stage.kind === 'add') {
      return (
        <AddPasskey
          onCancel={backToList}
          onAdded={(recoveryCodes) => {
            changed();
            if (recoveryCodes) {
              setStage({ kind: 'codes', recoveryCodes });
            } else {
              notify({ message: 'Passkey added.', severity: 'success' });
              backToList();
            }
          }}
        />
      );
    }
    if (stage.kind === 'codes') return <RecoveryCodesShown codes={stage.recoveryCodes} onDone={backToList} />;
    if (stage.kind === 'rename') {
      return (
        <RenamePasskey
          passkey={stage.passkey}
          onCancel={backToList}
          onDone={() => {
            changed();
            notify({ message: 'Passkey renamed.', severity: 'success' });
            backToList();
          }}
        />
      );
    }
    if (stage.kind === 'remove') {
      return (
        <RemovePasskey
          passkey={stage.passkey}
          onCancel={backToList}
          onDone={() => {
            changed();
            notify({ message: 'Passkey removed.', severity: 'success' });
            backToList();
          }}
        />
      );
    }
    if (passkeys.isError) {
      return <LoadFailed text="We couldn't load your passkeys." onRetry={() => void passkeys.refetch()} />;
    }
    if (passkeys.isPending) {
      return (
        <Stack spacing={1} aria-busy="true">
          <Skeleton width="70%" />
          <Skeleton width="50%" />
          <Skeleton variant="rounded" width={160} height="2.25rem" />
        </Stack>
      );
    }
    return (
      <Stack spacing={2}>
        {passkeys.data.length === 0 ? (
          <Typography variant="body2">
            You have no passkeys. A passkey lets your phone, computer or security key confirm it is you, with your
            fingerprint, face or screen lock, instead of a code.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Your passkeys" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {passkeys.data.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRename={() => setStage({ kind: 'rename', passkey })}
                onRemove={() => setStage({ kind: 'remove', passkey })}
              />
            ))}
          </Box>
        )}
        <Box>
          <Button variant="contained" onClick={() => setStage({ kind: 'add' })}>
            Add a passkey
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby="passkeys-title">
      <CardHeader title="Passkeys" slotProps={{ title: { id: 'passkeys-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{body()}</CardContent>
    </Card>
  );
}

function PasskeyRow({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          Added {formatDate(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet'}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={onRename} aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
        <Button size="small" color="error" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
          Remove
        </Button>
      </Stack>
    </Stack>
  );
}

/** Why the browser made no passkey, in words: the user closed its prompt, or this device has one for them already. */
function ceremonyFailure(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  const name = (error as { cause?: { name?: string }; name?: string } | undefined)?.cause?.name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already has one of your passkeys.';
  if (name === 'NotAllowedError' || name === 'AbortError') return TWO_STEP_MESSAGES.passkeyCancelled;
  return 'Your browser could not make a passkey. Try again, or try another device.';
}

/** Names the new passkey, then asks the browser to make it; `onAdded` gets the recovery codes a first one brings. */
function AddPasskey({ onCancel, onAdded }: { onCancel: () => void; onAdded: (codes: string[] | null) => void }) {
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);
  const identity = useIdentityConfirmation({ disabled: isSubmitting, autoFocus: false });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkedName(name);
    if ('error' in checked) setFieldError(checked.error);
    const confirmation = identity.confirmation();
    if ('error' in checked || !confirmation) return;
    setError(undefined);
    setSubmitting(true);
    let options: Awaited<ReturnType<typeof callOperation<typeof passkeyOperations.startRegistration>>>;
    try {
      options = await callOperation(passkeyOperations.startRegistration, { body: confirmation });
    } catch (failure) {
      identity.showError(serverErrorMessage(failure) ?? SOMETHING_WENT_WRONG);
      setSubmitting(false);
      return;
    }
    try {
      // The browser's side of WebAuthn loads with the first passkey added, not with My Account.
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({
          optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
        });
      } catch (ceremony) {
        setError(ceremonyFailure(ceremony));
        setSubmitting(false);
        return;
      }
      const added = await callOperation(passkeyOperations.register, {
        body: { name: checked.name, response: response as never },
      });
      onAdded(added.recoveryCodes);
    } catch (failure) {
      setError(serverErrorMessage(failure) ?? SOMETHING_WENT_WRONG);
      setSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <Typography variant="body2">
        Give the passkey a name you will recognise, such as the device it is on, and confirm it is you. Your browser
        will then ask you to create it.
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TextInput
        label="Passkey name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError !== undefined}
        helperText={fieldError}
        disabled={isSubmitting}
        autoFocus
        inputProps={{ maxLength: PASSKEY_NAME_MAX }}
      />
      {identity.fields}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Adding" /> : null}
        >
          Continue
        </Button>
      </Stack>
    </Stack>
  );
}

function RenamePasskey({ passkey, onCancel, onDone }: { passkey: Passkey; onCancel: () => void; onDone: () => void }) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkedName(name);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setSubmitting(true);
    try {
      await callOperation(passkeyOperations.rename, { params: { id: passkey.id }, body: { name: checked.name } });
      onDone();
    } catch (failure) {
      setError(serverErrorMessage(failure) ?? SOMETHING_WENT_WRONG);
      setSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <TextInput
        label="Passkey name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error !== undefined}
        helperText={error}
        disabled={isSubmitting}
        autoFocus
        inputProps={{ maxLength: PASSKEY_NAME_MAX }}
      />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}

/** Asks for the password, or a code from the authenticator app, before removing a passkey. */
function RemovePasskey({ passkey, onCancel, onDone }: { passkey: Passkey; onCancel: () => void; onDone: () => void }) {
  const [isSubmitting, setSubmitting] = useState(false);
  const identity = useIdentityConfirmation({ disabled: isSubmitting, autoFocus: true });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = identity.confirmation();
    if (!body) return;
    setSubmitting(true);
    try {
      await callOperation(passkeyOperations.remove, { params: { id: passkey.id }, body });
      onDone();
    } catch (failure) {
      identity.showError(serverErrorMessage(failure) ?? SOMETHING_WENT_WRONG);
      setSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        To remove the passkey “{passkey.name}”, confirm it is you. It will no longer sign you in.
      </Typography>
      {identity.fields}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Removing" /> : null}
        >
          Remove
        </Button>
      </Stack>
    </Stack>
  );
}
