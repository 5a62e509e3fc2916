import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { type ChangePasswordForm, ChangePasswordFormSchema, NOTIFICATION_MESSAGES } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePassword } from '../../api/auth-api';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { muiRegister } from '../../lib/mui-register';
import { useCurrentUser } from '../../session/useSession';
import { NewPasswordFields } from '../passwords/NewPasswordFields';
import { PasswordField } from '../passwords/PasswordField';

type FormField = keyof ChangePasswordForm;
const FORM_FIELDS: readonly FormField[] = ['currentPassword', 'newPassword', 'repeatPassword'];

/** The Change Password card of My Account (spec 2.7): closes on CANCEL and on success. */
export function ChangePasswordCard({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const notify = useNotify();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  // The field the server blamed, to focus once the form is enabled again (a disabled input takes no focus).
  const [blamed, setBlamed] = useState<FormField | undefined>();
  useEffect(() => {
    if (blamed === undefined || isSubmitting) return;
    form.setFocus(blamed);
    // To the middle of the screen: clear of the sticky toolbar and of the snackbar just under it. The field itself,
    // by its name: the focus may not have reached it yet, and centring the button just pressed put a long page's
    // field under the snackbar.
    document.querySelector(`[name="${blamed}"]`)?.scrollIntoView({ block: 'center' });
    setBlamed(undefined);
  }, [blamed, isSubmitting, form]);

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await changePassword({ userName: user?.userName ?? '', currentPassword, newPassword });
    if (result.ok) {
      notify({ message: NOTIFICATION_MESSAGES.changePasswordSuccessful, severity: 'success' });
      onClose();
      return;
    }
    // The snackbar is spec 8's; the field keeps saying what was wrong after it has gone (decision 0073). Editing
    // the field validates it again, which clears this error.
    notify({ message: result.message, severity: 'error' });
    const field = FORM_FIELDS.find((name) => name === result.field);
    if (field) {
      form.setError(field, { type: 'server', message: result.message });
      setBlamed(field);
    }
  });

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <CardHeader
        title="Change Password"
        slotProps={{ title: { id: 'change-password-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <input type="hidden" autoComplete="username" value={user?.userName ?? ''} readOnly />
          <PasswordField
            {...muiRegister(register('currentPassword'))}
            label="Current password"
            autoComplete="current-password"
            autoFocus
            error={errors.currentPassword !== undefined}
            helperText={errors.currentPassword?.message}
            disabled={isSubmitting}
          />
          <NewPasswordFields form={form} />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
            >
              Change password
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
