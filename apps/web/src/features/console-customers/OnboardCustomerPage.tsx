import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CUSTOMER_MESSAGES,
  type CustomerOnboarding,
  CustomerOnboardingSchema,
  consoleCustomerOperations,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { callOperation, refusedField, serverErrorMessage } from '../../api/operations';
import { AdminFormLayout, type FormFrame } from '../../components/admin/AdminFormLayout';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { muiRegister } from '../../lib/mui-register';

const FRAME: FormFrame = {
  noun: 'Customer',
  listPath: '/console/customers',
  listTitle: 'Customers',
  title: 'Onboard a customer',
};
const EMPTY: CustomerOnboarding = { name: '', accountNumber: '', userName: '', emailAddress: '' };
const FIELDS = Object.keys(EMPTY) as Array<keyof CustomerOnboarding>;

/**
 * Onboarding a new customer of the partner (decision 0219): the company and its first administrator, a Company
 * Administrator who is e-mailed a temporary password. A value the server refuses (an account number in use, a
 * taken username) is shown at its field.
 */
export function OnboardCustomerPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const { register, handleSubmit, setError, formState } = useForm<CustomerOnboarding>({
    resolver: zodResolver(CustomerOnboardingSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (body) => {
    setSaving(true);
    try {
      const { company } = await callOperation(consoleCustomerOperations.onboard, { body });
      notify({ message: CUSTOMER_MESSAGES.onboarded(company.name), severity: 'success' });
      void navigate(`/console/customers/${company.id}`);
    } catch (error) {
      const field = refusedField(error);
      const message = serverErrorMessage(error);
      if (field && message && FIELDS.includes(field as keyof CustomerOnboarding)) {
        setError(field as keyof CustomerOnboarding, { message }, { shouldFocus: true });
      } else {
        console.error(error);
        setFailure(message ?? NOTIFICATION_MESSAGES.unexpectedError);
      }
      setSaving(false);
    }
  });

  const field = (
    name: keyof CustomerOnboarding,
    label: string,
    extra: { type?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      {...muiRegister(register(name))}
      {...extra}
      label={label}
      required
      disabled={saving}
      error={errors[name] !== undefined}
      helperText={errors[name]?.message}
    />
  );

  return (
    <AdminFormLayout
      area={FRAME}
      mode="Add"
      onSubmit={(event) => void onSubmit(event)}
      saving={saving}
      failure={failure}
      onDismissFailure={() => setFailure(undefined)}
    >
      <Typography variant="h6" component="h2">
        Company
      </Typography>
      {field('name', 'Company name', { autoComplete: 'organization' })}
      {field('accountNumber', 'Account number', { autoComplete: 'off' })}
      <Typography variant="h6" component="h2">
        First administrator
      </Typography>
      <Typography>
        A Company Administrator with everything that profile gives. They are e-mailed a temporary password to sign in
        and choose their own.
      </Typography>
      {field('userName', 'Username', { autoComplete: 'off' })}
      {field('emailAddress', 'Email address', { type: 'email', autoComplete: 'off' })}
    </AdminFormLayout>
  );
}
