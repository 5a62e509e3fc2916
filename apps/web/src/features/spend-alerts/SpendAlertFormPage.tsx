import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALERT_ACTION_LABELS,
  ALERT_ACTIONS,
  ALERT_APPLIES_TO,
  ALERT_APPLIES_TO_LABELS,
  ALERT_MEASURE_LABELS,
  ALERT_MEASURE_UNITS,
  ALERT_MEASURES,
  ALERT_PERIOD_LABELS,
  ALERT_PERIODS,
  ALERT_SCOPE_LABELS,
  ALERT_SCOPES,
  type NamedRef,
  siteOperations,
  spendAlertOperations,
  teamOperations,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { callOperation, failureBody, operationQuery } from '../../api/operations';
import { AdminFormLayout, retryUnlessNotFound, useAdminSave } from '../../components/admin/AdminFormLayout';
import { formMode } from '../../components/admin/admin-rules';
import { CompanySelect, formCompanyId } from '../../components/admin/CompanySelect';
import { PageLoader } from '../../components/PageLoader';
import { muiRegister } from '../../lib/mui-register';
import { useCan } from '../../session/useCan';
import { useCompanyNames } from '../../session/useSession';
import {
  type AlertRuleFormField,
  type AlertRuleFormValues,
  alertRuleFormSchema,
  alertRuleFormValues,
  alertRuleSave,
  canBar,
  EMPTY_ALERT_RULE_FORM,
  serverFieldErrors,
} from './alert-rule-form';
import { DevicePicker, EmailsInput, UsersPicker } from './RulePickers';

/** A select's menu no wider than the screen, so long names wrap at 390 px. */
const MENU_WITHIN_SCREEN = { MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100% - 32px)' } } } } };

/** The spend alert rule form: Add, Edit, or View without SpendAlerts Write (as the site form). */
export function SpendAlertFormPage() {
  const { ruleId } = useParams();
  const id = ruleId === undefined ? undefined : Number(ruleId);
  const canWrite = useCan('SpendAlerts', 'Write');
  const companies = useCompanyNames();
  if (canWrite === undefined || companies.isPending) return <PageLoader />;
  return <SpendAlertForm id={id} mode={formMode(canWrite, id !== undefined)} companies={companies.data ?? []} />;
}

function SpendAlertForm({
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
  const rule = useQuery({
    ...operationQuery(spendAlertOperations.get, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    retry: retryUnlessNotFound,
  });
  const schema = useMemo(() => alertRuleFormSchema(companyShown), [companyShown]);
  const form = useForm<AlertRuleFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_ALERT_RULE_FORM });
  const { control, register, reset, setValue, setError, handleSubmit, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (rule.data) reset(alertRuleFormValues(rule.data));
  }, [rule.data, reset]);

  const [chosenCompany, scope, appliesTo, measure, action] = useWatch({
    control,
    name: ['companyId', 'scope', 'appliesTo', 'measure', 'action'],
  });
  const companyId = formCompanyId(chosenCompany, rule.data?.companyId, companies);
  const barring = canBar({ scope, appliesTo });
  // A bar needs one device: when the rule stops naming one, its bar goes back to telling only.
  useEffect(() => {
    if (!barring && action !== 'none') setValue('action', 'none');
  }, [barring, action, setValue]);

  const { saving, failure, dismissFailure, save } = useAdminSave('spend-alerts');
  const onSubmit = handleSubmit((values) =>
    save(async () => {
      const body = alertRuleSave(values, companyShown ? companyId : undefined);
      try {
        return id === undefined
          ? await callOperation(spendAlertOperations.create, { body })
          : await callOperation(spendAlertOperations.update, { params: { id }, body });
      } catch (error) {
        // The server's refusal of a field is shown on the field, as the form's own checks are.
        const fields = serverFieldErrors(failureBody(error));
        for (const [field, message] of Object.entries(fields) as Array<[AlertRuleFormField, string]>) {
          setError(field, { type: 'server', message });
        }
        throw error;
      }
    }),
  );

  const disabled = saving;
  const input = { input: { readOnly } };
  const unit = ALERT_MEASURE_UNITS[measure];
  const money = unit === '£';
  const selectProps = {
    ...input,
    select: MENU_WITHIN_SCREEN,
  };
  const appliesToId = useId();
  const actionId = useId();
  const actionHelpId = useId();
  const recipientsId = useId();

  return (
    <AdminFormLayout
      area="spend-alerts"
      mode={mode}
      record={id === undefined ? undefined : rule}
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
              onChosen={() => {
                setValue('siteId', '');
                setValue('teamId', '');
                setValue('device', null);
              }}
            />
          )}
        />
      ) : null}

      <Section title="What it watches">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 5 }}>
            <ChoiceSelect
              control={control}
              name="scope"
              label="Scope"
              options={ALERT_SCOPES}
              labels={ALERT_SCOPE_LABELS}
              disabled={disabled}
              slotProps={selectProps}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 7 }}>
            {scope === 'site' || scope === 'team' ? (
              <Controller
                control={control}
                name={scope === 'site' ? 'siteId' : 'teamId'}
                render={({ field, fieldState }) => (
                  <GroupSelect
                    kind={scope}
                    field={field}
                    error={fieldState.error?.message}
                    readOnly={readOnly}
                    disabled={disabled}
                    savedName={scope === 'site' ? rule.data?.site?.name : rule.data?.team?.name}
                  />
                )}
              />
            ) : null}
            {scope === 'device' ? (
              <Controller
                control={control}
                name="device"
                render={({ field, fieldState }) => (
                  <DevicePicker
                    companyId={companyId}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    readOnly={readOnly}
                    disabled={disabled}
                  />
                )}
              />
            ) : null}
          </Grid>
        </Grid>
        {scope === 'device' ? null : (
          <Controller
            control={control}
            name="appliesTo"
            render={({ field }) => (
              <FormControl disabled={disabled}>
                <FormLabel id={appliesToId}>Applies to</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={appliesToId}
                  {...field}
                  onChange={(event) => {
                    if (!readOnly) field.onChange(event);
                  }}
                >
                  {ALERT_APPLIES_TO.map((option) => (
                    <FormControlLabel
                      key={option}
                      value={option}
                      control={<Radio readOnly={readOnly} />}
                      label={ALERT_APPLIES_TO_LABELS[option]}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
        )}
      </Section>

      <Section title="When it fires">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <ChoiceSelect
              control={control}
              name="measure"
              label="Measure"
              options={ALERT_MEASURES}
              labels={ALERT_MEASURE_LABELS}
              disabled={disabled}
              slotProps={selectProps}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <ChoiceSelect
              control={control}
              name="period"
              label="Period"
              options={ALERT_PERIODS}
              labels={ALERT_PERIOD_LABELS}
              disabled={disabled}
              slotProps={selectProps}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...muiRegister(register('threshold'))}
              fullWidth
              label={money ? 'Threshold (£)' : `Threshold (${unit})`}
              required={!readOnly}
              disabled={disabled}
              error={errors.threshold !== undefined}
              helperText={errors.threshold?.message ?? (money ? 'Pounds, VAT excluded.' : undefined)}
              slotProps={{
                input: {
                  readOnly,
                  ...(money
                    ? { startAdornment: <InputAdornment position="start">£</InputAdornment> }
                    : { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }),
                },
                htmlInput: { inputMode: money ? 'decimal' : 'numeric' },
              }}
            />
          </Grid>
        </Grid>
      </Section>

      <Section title="Who is told" id={recipientsId}>
        <Controller
          control={control}
          name="notifyUsers"
          render={({ field, fieldState }) => (
            <UsersPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              readOnly={readOnly}
              disabled={disabled}
            />
          )}
        />
        <Controller
          control={control}
          name="notifyEmails"
          render={({ field, fieldState }) => (
            <EmailsInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              readOnly={readOnly}
              disabled={disabled}
            />
          )}
        />
      </Section>

      <Controller
        control={control}
        name="action"
        render={({ field, fieldState }) => (
          <FormControl disabled={disabled} error={fieldState.error !== undefined}>
            <FormLabel id={actionId}>Action</FormLabel>
            <RadioGroup
              aria-labelledby={actionId}
              aria-describedby={actionHelpId}
              {...field}
              onChange={(event) => {
                if (!readOnly) field.onChange(event);
              }}
            >
              {ALERT_ACTIONS.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  disabled={option !== 'none' && !barring}
                  control={<Radio readOnly={readOnly} />}
                  label={ALERT_ACTION_LABELS[option]}
                />
              ))}
            </RadioGroup>
            <FormHelperText id={actionHelpId} sx={{ mx: 0 }}>
              {fieldState.error?.message ??
                (barring
                  ? "A bar is asked of the device's carrier when the threshold is crossed; it can be undone from the notice."
                  : 'A bar acts on one device: choose a mobile device, or "Each device on its own", to bar.')}
            </FormHelperText>
          </FormControl>
        )}
      />

      <FormControlLabel
        control={
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onChange={(event) => {
                  if (!readOnly) field.onChange(event.target.checked);
                }}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
                disabled={disabled}
                readOnly={readOnly}
              />
            )}
          />
        }
        label="Enabled"
      />
    </AdminFormLayout>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={id ?? headingId} spacing={2}>
      <Typography id={id ?? headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The site or team a rule watches, from the names of the caller's sites or teams. */
/** A select of one of the contract's choices for the rule, each shown by its label. */
function ChoiceSelect({
  control,
  name,
  label,
  options,
  labels,
  disabled,
  slotProps,
}: {
  control: Control<AlertRuleFormValues>;
  name: 'scope' | 'measure' | 'period';
  label: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  disabled: boolean;
  slotProps: TextFieldProps['slotProps'];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          {...field}
          inputRef={field.ref}
          disabled={disabled}
          slotProps={slotProps}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {labels[option]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function GroupSelect({
  kind,
  field,
  error,
  readOnly,
  disabled,
  savedName,
}: {
  kind: 'site' | 'team';
  field: {
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    name: string;
    ref: (element: unknown) => void;
  };
  error: string | undefined;
  readOnly: boolean;
  disabled: boolean;
  /** The saved target's name, for a View that does not load the list. */
  savedName: string | undefined;
}) {
  const names = useQuery({
    ...(kind === 'site' ? operationQuery(siteOperations.names, {}) : operationQuery(teamOperations.names, {})),
    enabled: !readOnly,
  });
  const label = kind === 'site' ? 'Site' : 'Team';
  if (readOnly) {
    return <TextField fullWidth label={label} value={savedName ?? ''} slotProps={{ input: { readOnly: true } }} />;
  }
  const options = names.data?.value ?? [];
  return (
    <TextField
      select
      fullWidth
      label={label}
      required
      name={field.name}
      value={options.some((option) => String(option.id) === field.value) ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled || names.isPending}
      error={error !== undefined || names.isError}
      helperText={error ?? (names.isError ? `We couldn't load your ${kind}s` : undefined)}
      slotProps={{ select: MENU_WITHIN_SCREEN }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)} sx={{ whiteSpace: 'normal' }}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
