import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error'> & {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
};

/**
 * An outlined text field with label and helper text, as MUI's TextField draws it, without the select machinery
 * TextField always bundles (Select, Menu, Popover, Modal): the sign-in pages stay small (docs/decisions/0021).
 */
export function TextInput({ label, error = false, helperText, id, fullWidth = true, ...input }: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl
      variant="outlined"
      error={error}
      fullWidth={fullWidth}
      disabled={input.disabled ?? false}
      required={input.required ?? false}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput {...input} id={inputId} label={label} aria-describedby={helperText ? helperId : undefined} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
