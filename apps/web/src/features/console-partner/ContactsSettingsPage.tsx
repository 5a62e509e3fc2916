import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_PARTNER_CONTACTS,
  NOTIFICATION_MESSAGES,
  PASSWORD_EXPIRY_DAYS,
  type PartnerContactsSettings,
  partnerConsoleOperations,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { callOperation, failureBody, operationQuery } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ownSubmitOnly } from '../../components/form/own-submit';
import { SaveButton } from '../../components/form/SaveButton';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { muiRegister } from '../../lib/mui-register';
import {
  type SettingsFormValues,
  serverSettingsErrors,
  settingsFormSchema,
  settingsFormValues,
  settingsSave,
} from './settings-form';

const settingsQuery = operationQuery(partnerConsoleOperations.settings, {});

/**
 * The reseller console's Contacts and settings (decision 0218): the contacts the Contact page lists, in order; the
 * address and privacy policy; whether customers see contract end dates, and how often passwords expire. One save,
 * one transaction.
 */
export function ContactsSettingsPage() {
  const settings = useQuery(settingsQuery);
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <PageHeading title="Contacts and settings" />
      {settings.isError ? (
        <LoadFailed text="We couldn't load your contacts and settings." onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading contacts and settings">
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: PartnerContactsSettings }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settingsFormValues(saved),
  });
  const { control, register, reset, setError, handleSubmit, formState } = form;
  const { errors } = formState;
  const contacts = useFieldArray({ control, name: 'contacts' });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  useEffect(() => {
    reset(settingsFormValues(saved));
  }, [saved, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setFailure(undefined);
    try {
      await callOperation(partnerConsoleOperations.saveSettings, { body: settingsSave(values) });
    } catch (error) {
      console.error(error);
      const fields = serverSettingsErrors(failureBody(error));
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      if (fields.length === 0) setFailure(saveFailureMessage(error));
      setSaving(false);
      return;
    }
    setSaving(false);
    notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' });
    // The Contact page and the cookie notice's privacy link read the partner.
    void queryClient.invalidateQueries({ queryKey: ['branding'] });
  });

  const text = (name: Parameters<typeof register>[0], label: string, required = false) => {
    const error = name
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: string }
      | undefined;
    return (
      <TextField
        {...muiRegister(register(name))}
        label={label}
        required={required}
        fullWidth
        disabled={saving}
        error={error !== undefined}
        helperText={error?.message}
      />
    );
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={ownSubmitOnly((event) => void onSubmit(event))}
      aria-label="Contacts and settings"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={4}>
        <Section title="Contacts">
          <Typography variant="body2" color="text.secondary">
            Listed on your customers’ Contact page in this order.
          </Typography>
          {contacts.fields.length === 0 ? (
            <Alert severity="info">No contacts: your customers’ Contact page shows only your address.</Alert>
          ) : (
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Contacts">
              {contacts.fields.map((contact, index) => {
                const position = `contact ${index + 1}`;
                return (
                  <Stack
                    component="li"
                    key={contact.id}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                  >
                    <Grid container spacing={1} sx={{ flex: 1 }}>
                      <Grid size={{ xs: 12, sm: 5 }}>
                        {text(`contacts.${index}.type`, `Type of ${position}`, true)}
                      </Grid>
                      <Grid size={{ xs: 12, sm: 7 }}>
                        {text(`contacts.${index}.value`, `Details of ${position}`, true)}
                      </Grid>
                    </Grid>
                    <Stack direction="row" sx={{ justifyContent: 'flex-end', pt: { sm: 1 } }}>
                      <IconButton
                        aria-label={`Move ${position} up`}
                        disabled={saving || index === 0}
                        onClick={() => contacts.move(index, index - 1)}
                      >
                        <ArrowUpward />
                      </IconButton>
                      <IconButton
                        aria-label={`Move ${position} down`}
                        disabled={saving || index === contacts.fields.length - 1}
                        onClick={() => contacts.move(index, index + 1)}
                      >
                        <ArrowDownward />
                      </IconButton>
                      <IconButton
                        aria-label={`Remove ${position}`}
                        disabled={saving}
                        onClick={() => contacts.remove(index)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Stack>
                  </Stack>
                );
              })}
            </Stack>
          )}
          {errors.contacts?.root?.message || errors.contacts?.message ? (
            <FormHelperText error>{errors.contacts?.root?.message ?? errors.contacts?.message}</FormHelperText>
          ) : null}
          <Button
            startIcon={<AddOutlined />}
            sx={{ alignSelf: 'flex-start' }}
            disabled={saving || contacts.fields.length >= MAX_PARTNER_CONTACTS}
            onClick={() => contacts.append({ type: '', value: '' })}
          >
            Add contact
          </Button>
        </Section>

        <Section title="Address">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{text('line1', 'Address line 1', true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('line2', 'Address line 2')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('line3', 'Address line 3')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('town', 'Town', true)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('county', 'County')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('postCode', 'Postcode', true)}</Grid>
          </Grid>
        </Section>

        <Section title="Settings">
          {text('privacyPolicyUrl', 'Privacy policy address', true)}
          <Controller
            control={control}
            name="showContractEndDate"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    disabled={saving}
                  />
                }
                label="Show customers their broadband contracts’ end dates"
              />
            )}
          />
          <TextField
            {...muiRegister(register('passwordExpiryDays'))}
            label="Passwords expire after (days)"
            required
            disabled={saving}
            error={errors.passwordExpiryDays !== undefined}
            helperText={
              errors.passwordExpiryDays?.message ??
              `${PASSWORD_EXPIRY_DAYS.never} for never; at most ${PASSWORD_EXPIRY_DAYS.max}. Your customers’ users then choose a new password at sign-in.`
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: { sm: 320 } }}
          />
        </Section>

        {failure ? (
          <Alert severity="error" onClose={() => setFailure(undefined)}>
            {failure}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            disabled={saving}
            onClick={() => {
              reset(settingsFormValues(saved));
              setFailure(undefined);
            }}
          >
            Undo changes
          </Button>
          <SaveButton saving={saving} />
        </Stack>
      </Stack>
    </Paper>
  );
}
