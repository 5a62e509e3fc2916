import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADDRESS_FIELDS, companyOperations, type NamedRef, siteOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { callOperation, operationQuery } from '../../api/operations';
import { AdminFormLayout, retryUnlessNotFound, useAdminSave } from '../../components/admin/AdminFormLayout';
import { formMode } from '../../components/admin/admin-rules';
import { CompanySelect, formCompanyId } from '../../components/admin/CompanySelect';
import { PageLoader } from '../../components/PageLoader';
import { muiRegister } from '../../lib/mui-register';
import { useCan } from '../../session/useCan';
import { useCompanyNames } from '../../session/useSession';
import {
  addressLabel,
  EMPTY_SITE_FORM,
  NEW_ADDRESS,
  type SiteFormValues,
  siteFormSchema,
  siteFormValues,
  siteSave,
} from './site-form';

/** The site form (spec 2.11): Add, Edit, or View without ManageSite Write. */
export function SiteFormPage() {
  const { siteId } = useParams();
  const id = siteId === undefined ? undefined : Number(siteId);
  const canWrite = useCan('ManageSite', 'Write');
  const companies = useCompanyNames();
  if (canWrite === undefined || companies.isPending) return <PageLoader />;
  return <SiteForm id={id} mode={formMode(canWrite, id !== undefined)} companies={companies.data ?? []} />;
}

function SiteForm({
  id,
  mode,
  companies,
}: {
  id: number | undefined;
  mode: ReturnType<typeof formMode>;
  companies: readonly NamedRef[];
}) {
  const readOnly = mode === 'View';
  const companyShown = companies.length > 1;
  const site = useQuery({
    ...operationQuery(siteOperations.get, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    retry: retryUnlessNotFound,
  });
  const schema = useMemo(() => siteFormSchema(companyShown), [companyShown]);
  const form = useForm<SiteFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_SITE_FORM });
  const { control, register, reset, setValue, handleSubmit, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (site.data) reset(siteFormValues(site.data));
  }, [site.data, reset]);

  const chosenCompany = useWatch({ control, name: 'companyId' });
  const addressId = useWatch({ control, name: 'addressId' });
  const companyId = formCompanyId(chosenCompany, site.data?.companyId, companies);
  const addresses = useQuery({
    ...operationQuery(companyOperations.addresses, { params: { id: companyId ?? 0 } }),
    enabled: companyId !== undefined,
  });

  const { saving, failure, dismissFailure, save } = useAdminSave('sites');
  const onSubmit = handleSubmit((values) =>
    save(() => {
      const body = siteSave(values, { ...(id === undefined ? {} : { id }), ...(companyId ? { companyId } : {}) });
      return id === undefined
        ? callOperation(siteOperations.create, { body })
        : callOperation(siteOperations.update, { params: { id }, body });
    }),
  );

  // View shows the values as read-only fields, not disabled ones, which would grey them out.
  const disabled = saving;
  const input = { input: { readOnly } };
  return (
    <AdminFormLayout
      area="sites"
      mode={mode}
      record={id === undefined ? undefined : site}
      onSubmit={(event) => void onSubmit(event)}
      saving={saving}
      failure={failure}
      onDismissFailure={dismissFailure}
    >
      <TextField
        {...muiRegister(register('name'))}
        label="Name"
        required={!readOnly}
        disabled={disabled}
        slotProps={input}
        error={errors.name !== undefined}
        helperText={errors.name?.message}
      />
      {companyShown ? (
        <Controller
          control={control}
          name="companyId"
          render={({ field, fieldState }) => (
            <CompanySelect
              field={field}
              error={fieldState.error?.message}
              companies={companies}
              readOnly={readOnly}
              disabled={disabled}
              locked={id !== undefined}
              onChosen={() => setValue('addressId', '')}
            />
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="addressId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Address"
            required={!readOnly}
            {...field}
            inputRef={field.ref}
            disabled={disabled || companyId === undefined || addresses.isPending}
            error={fieldState.error !== undefined || addresses.isError}
            helperText={
              fieldState.error?.message ??
              (addresses.isError
                ? "We couldn't load the company's addresses"
                : companyId === undefined
                  ? 'Choose a company first'
                  : undefined)
            }
            slotProps={{
              ...input,
              select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100% - 32px)' } } } } },
            }}
          >
            {(addresses.data?.value ?? []).map((address) => (
              <MenuItem key={address.id} value={String(address.id)} sx={{ whiteSpace: 'normal' }}>
                {addressLabel(address)}
              </MenuItem>
            ))}
            <MenuItem value={NEW_ADDRESS}>New address</MenuItem>
          </TextField>
        )}
      />
      {addressId === NEW_ADDRESS ? (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            New address
          </Typography>
          <Grid container spacing={2}>
            {ADDRESS_FIELDS.map(({ name, label, max }) => (
              <Grid key={name} size={{ xs: 12, sm: name.startsWith('line') ? 12 : 4 }}>
                <TextField
                  {...muiRegister(register(name))}
                  label={label}
                  required={!readOnly && name !== 'line2' && name !== 'line3'}
                  fullWidth
                  disabled={disabled}
                  slotProps={{ ...input, htmlInput: { maxLength: max } }}
                  error={errors[name] !== undefined}
                  helperText={errors[name]?.message}
                />
              </Grid>
            ))}
          </Grid>
        </Stack>
      ) : null}
    </AdminFormLayout>
  );
}
