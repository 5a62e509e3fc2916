import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type BrandColourField,
  NOTIFICATION_MESSAGES,
  PARTNER_LOGO_UPLOAD,
  type PartnerBranding,
  PartnerBrandingInputSchema,
  partnerConsoleOperations,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { callOperation, failureBody, operationQuery } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { FileUpload } from '../../components/file-upload/FileUpload';
import { ownSubmitOnly } from '../../components/form/own-submit';
import { SaveButton } from '../../components/form/SaveButton';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { resolveAppUrl } from '../../lib/base-url';
import { formatFileSize } from '../../lib/format';
import { muiRegister } from '../../lib/mui-register';
import { BrandPreview } from './BrandPreview';
import {
  type BrandingFormField,
  type BrandingFormValues,
  brandingFormValues,
  type ChosenLogo,
  contrastSummary,
  drawable,
  LOGO_LIMITS,
  readLogo,
  serverBrandingErrors,
} from './branding-form';

const brandingQuery = operationQuery(partnerConsoleOperations.branding, {});
const TYPES = 'PNG, JPEG, GIF, WebP or BMP images';

/**
 * The reseller console's Branding (decision 0218): the partner's logo, colours (each checked for WCAG AA contrast
 * by the contract's rule as it is typed) and theme code, with a preview of the sign-in page and the portal in them
 * that follows the form before anything is saved.
 */
export function BrandingPage() {
  const branding = useQuery(brandingQuery);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <PageHeading title="Branding" />
      <Typography>
        Your logo and colours brand the portal for all of your customers, from the sign-in page on. Each colour must be
        readable with the text written on it: WCAG AA asks for a contrast of at least 4.5:1.
      </Typography>
      {branding.isError ? (
        <LoadFailed text="We couldn't load your branding." onRetry={() => void branding.refetch()} />
      ) : branding.isPending ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading branding">
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <BrandingForm saved={branding.data} />
      )}
    </Stack>
  );
}

function BrandingForm({ saved }: { saved: PartnerBranding }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<BrandingFormValues>({
    resolver: zodResolver(PartnerBrandingInputSchema),
    defaultValues: brandingFormValues(saved),
    mode: 'onChange',
  });
  const { control, register, reset, setError, handleSubmit, formState } = form;
  const [logo, setLogo] = useState<ChosenLogo | undefined>();
  const [logoError, setLogoError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  // A theme code changed without an upload names a theme folder with no logo in it.
  const [brokenLogo, setBrokenLogo] = useState<string | undefined>();
  const [primary, secondary] = useWatch({ control, name: ['primaryColour', 'secondaryColour'] });

  useEffect(() => {
    reset(brandingFormValues(saved));
  }, [saved, reset]);

  const chooseLogo = async (files: File[]) => {
    setLogoError(undefined);
    const file = files[0];
    if (!file) {
      setLogo(undefined);
      return;
    }
    try {
      const chosen = await readLogo(file);
      setLogo(chosen);
      setLogoError(chosen.problem);
    } catch (error) {
      console.error(error);
      setLogo(undefined);
      setLogoError(`'${file.name}' could not be read`);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (logo?.problem) {
      setLogoError(logo.problem);
      return;
    }
    setSaving(true);
    setFailure(undefined);
    try {
      await callOperation(
        partnerConsoleOperations.saveBranding,
        { body: values },
        { files: logo ? [{ field: PARTNER_LOGO_UPLOAD.fieldName, file: logo.file }] : [] },
      );
    } catch (error) {
      console.error(error);
      const fields = serverBrandingErrors(failureBody(error));
      for (const [field, message] of Object.entries(fields) as Array<[BrandingFormField, string]>) {
        if (field === 'logo') setLogoError(message);
        else setError(field, { type: 'server', message });
      }
      if (Object.keys(fields).length === 0) setFailure(saveFailureMessage(error));
      setSaving(false);
      return;
    }
    setSaving(false);
    setLogo(undefined);
    notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' });
    // The portal around this page is in the partner's brand too.
    void queryClient.invalidateQueries({ queryKey: ['branding'] });
  });

  const preview = {
    name: saved.name,
    primary: drawable(primary, saved.primaryColour),
    secondary: drawable(secondary, saved.secondaryColour),
    logoUrl: logo && !logo.problem ? logo.dataUrl : resolveAppUrl(saved.logoUrl).href,
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={ownSubmitOnly((event) => void onSubmit(event))}
      aria-label="Branding"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Stack spacing={3} sx={{ flex: 1, minWidth: 0 }}>
            <Stack spacing={1}>
              <Typography variant="subtitle2" component="p">
                Current logo
              </Typography>
              {brokenLogo === saved.logoUrl ? (
                <Typography variant="body2" color="text.secondary">
                  None shows: the theme has no logo file. Upload one below.
                </Typography>
              ) : (
                <Box
                  component="img"
                  src={resolveAppUrl(saved.logoUrl).href}
                  alt={`${saved.name} logo`}
                  onError={() => setBrokenLogo(saved.logoUrl)}
                  sx={{ height: 40, width: 'auto', maxWidth: '100%', alignSelf: 'flex-start', objectFit: 'contain' }}
                />
              )}
            </Stack>
            <FileUpload
              label="New logo"
              hint={`${TYPES}, up to ${formatFileSize(PARTNER_LOGO_UPLOAD.maxBytes)}, ${PARTNER_LOGO_UPLOAD.minPixels} to ${PARTNER_LOGO_UPLOAD.maxPixels} pixels each way. Shown about 30 pixels high.`}
              acceptedTypes={TYPES}
              files={logo ? [logo.file] : []}
              onChange={(files) => void chooseLogo(files)}
              limits={LOGO_LIMITS}
              disabled={saving}
              error={logoError}
            />
            <ColourField control={control} name="primaryColour" label="Primary colour" disabled={saving} />
            <ColourField control={control} name="secondaryColour" label="Secondary colour" disabled={saving} />
            <TextField
              {...muiRegister(register('themeCode'))}
              label="Theme code"
              required
              disabled={saving}
              error={formState.errors.themeCode !== undefined}
              helperText={
                formState.errors.themeCode?.message ??
                'Your customers’ browsers remember it from their last sign-in to brand the sign-in page: after a change, theirs shows the default brand until they sign in again.'
              }
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
          </Stack>
          <Stack spacing={1} sx={{ flex: 1.3, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Preview
            </Typography>
            <BrandPreview brand={preview} />
          </Stack>
        </Stack>
        {failure ? (
          <Alert severity="error" onClose={() => setFailure(undefined)}>
            {failure}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            disabled={saving}
            onClick={() => {
              reset(brandingFormValues(saved));
              setLogo(undefined);
              setLogoError(undefined);
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

/** A colour as `#rrggbb` text beside the browser's colour picker, its contrast said under it as it changes. */
function ColourField({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<BrandingFormValues>;
  name: BrandColourField;
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const summary = contrastSummary(name, field.value);
        const picked = /^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value.toLowerCase() : '#000000';
        return (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box
              component="input"
              type="color"
              aria-label={`Pick the ${label.toLowerCase()}`}
              value={picked}
              disabled={disabled}
              onChange={(event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
              sx={{ width: 48, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, flexShrink: 0 }}
            />
            <TextField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={label}
              required
              fullWidth
              disabled={disabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? (summary ? `Contrast ${summary}` : undefined)}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 7 } }}
            />
          </Stack>
        );
      }}
    />
  );
}
