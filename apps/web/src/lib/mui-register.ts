import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A react-hook-form registration for a MUI TextField: the ref goes to the input element (`inputRef`), not the
 * TextField's root, so the form can focus the field with an error and read native input state.
 */
export function muiRegister<Name extends string>({ ref, ...rest }: UseFormRegisterReturn<Name>) {
  return { ...rest, inputRef: ref };
}
