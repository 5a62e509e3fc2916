import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { authenticatorCodeOf, TWO_STEP_MESSAGES, VALIDATION_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { TextInput } from '../../components/form/TextInput';
import { PasswordField } from '../passwords/PasswordField';

/** What the server takes as "it is really you" before a change to the factors (decisions 0207, 0209). */
export type IdentityConfirmation = { password: string } | { code: string };

/**
 * The password field, or a code from the authenticator app, with the switch between them: `confirmation()` answers
 * what to send, or undefined after showing why it cannot be sent yet; `showError` puts the server's refusal there.
 */
export function useIdentityConfirmation({ disabled, autoFocus }: { disabled: boolean; autoFocus: boolean }) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  function confirmation(): IdentityConfirmation | undefined {
    const code = withCode ? authenticatorCodeOf(value) : undefined;
    const invalid = withCode
      ? code === undefined && TWO_STEP_MESSAGES.authenticatorCodeFormat
      : value === '' && VALIDATION_MESSAGES.loginPasswordRequired;
    if (invalid) {
      setError(invalid);
      return undefined;
    }
    return code === undefined ? { password: value } : { code };
  }

  const fieldProps = {
    value,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      setError(undefined);
    },
    error: error !== undefined,
    helperText: error,
    disabled,
    autoFocus,
  };
  const fields = (
    <>
      {withCode ? (
        <TextInput
          key="code"
          label="Code from the app"
          autoComplete="one-time-code"
          inputProps={{ inputMode: 'numeric', maxLength: 7 }}
          {...fieldProps}
        />
      ) : (
        <PasswordField key="password" label="Password" autoComplete="current-password" {...fieldProps} />
      )}
      <Box>
        <Button
          size="small"
          onClick={() => {
            setWithCode(!withCode);
            setValue('');
            setError(undefined);
          }}
          disabled={disabled}
        >
          {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
        </Button>
      </Box>
    </>
  );
  return { confirmation, fields, showError: setError };
}
