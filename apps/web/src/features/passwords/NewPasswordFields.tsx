import type { ChangePasswordForm } from '@portal/contract';
import type { UseFormReturn } from 'react-hook-form';
import { muiRegister } from '../../lib/mui-register';
import { PasswordField } from './PasswordField';
import { PasswordStrength } from './PasswordStrength';

/** The new password with its strength meter and criteria, then its repeat: one part of both password forms. */
export function NewPasswordFields({
  form,
  autoFocus = false,
}: {
  form: UseFormReturn<ChangePasswordForm>;
  autoFocus?: boolean;
}) {
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <>
      <PasswordField
        {...muiRegister(register('newPassword'))}
        label="New password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={errors.newPassword !== undefined}
        helperText={errors.newPassword?.message}
        disabled={isSubmitting}
      />
      <PasswordStrength password={watch('newPassword')} />
      <PasswordField
        {...muiRegister(register('repeatPassword'))}
        label="Repeat new password"
        autoComplete="new-password"
        error={errors.repeatPassword !== undefined}
        helperText={errors.repeatPassword?.message}
        disabled={isSubmitting}
      />
    </>
  );
}
