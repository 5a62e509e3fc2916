import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authenticatorCodeOf, TWO_STEP_MESSAGES, twoStepOperations } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { callOperation, serverErrorMessage } from '../../api/operations';
import { TextInput } from '../../components/form/TextInput';
import { groupedKey, QR_CODE_PIXELS, useQrCode } from '../../lib/authenticator-qr-code';

/**
 * Setting up an authenticator app (decision 0207): the QR code of the new key, the key as text for those who cannot
 * scan, and the code that confirms the app has it. `onConfirmed` gets the recovery codes, shown once.
 */
export function AuthenticatorSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: { secret: string; uri: string };
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const qrCode = useQrCode(setup.uri);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = authenticatorCodeOf(code);
    if (digits === undefined) {
      setError(TWO_STEP_MESSAGES.authenticatorCodeFormat);
      return;
    }
    setSubmitting(true);
    try {
      const { recoveryCodes } = await callOperation(twoStepOperations.confirmAuthenticator, { body: { code: digits } });
      onConfirmed(recoveryCodes);
    } catch (failure) {
      setError(serverErrorMessage(failure) ?? TWO_STEP_MESSAGES.wrongAuthenticatorCode);
      setSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <Typography variant="body2">
        1. In your authenticator app (such as Microsoft Authenticator, Google Authenticator or 1Password), add an
        account and scan this QR code.
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        {qrCode.dataUrl ? (
          <img
            src={qrCode.dataUrl}
            width={QR_CODE_PIXELS}
            height={QR_CODE_PIXELS}
            alt="QR code of the key for your authenticator app"
          />
        ) : qrCode.failed ? (
          <Alert severity="warning">The QR code could not be drawn. Enter the key below instead.</Alert>
        ) : (
          <Skeleton variant="rectangular" width={QR_CODE_PIXELS} height={QR_CODE_PIXELS} />
        )}
      </Box>
      <Typography variant="body2">Cannot scan it? Enter this key in the app instead (time-based):</Typography>
      <TextInput
        label="Key"
        value={groupedKey(setup.secret)}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        inputProps={{ spellCheck: false }}
        sx={{ fontFamily: 'monospace', letterSpacing: '0.05em' }}
        multiline
      />
      <Typography variant="body2">2. Enter the 6-digit code the app now shows for this account.</Typography>
      <TextInput
        label="Code from the app"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        autoComplete="one-time-code"
        inputProps={{ inputMode: 'numeric', maxLength: 7 }}
        error={error !== undefined}
        helperText={error}
        disabled={isSubmitting}
        autoFocus
      />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Confirming" /> : null}
        >
          Confirm
        </Button>
      </Stack>
    </Stack>
  );
}
