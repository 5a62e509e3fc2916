import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FAULT_FREQUENCIES, FAULT_REPORT_UPLOAD, FAULT_TYPES } from '@portal/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FileUpload } from '../../components/file-upload/FileUpload';
import { formatFileSize } from '../../lib/format';
import { muiRegister } from '../../lib/mui-register';
import type { LineOperations } from './diagnostic-tests';
import type { DiagnosticsLine } from './diagnostics-line';
import { CHECKLIST_QUESTIONS, type FaultFormValues, speedTestSlots, ukToday } from './fault-report-form';
import { SpeedTestStep } from './SpeedTestStep';
import { traceRouteHelpInNewTab } from './trace-route-link';

const IMAGE_LIMITS = {
  accept: FAULT_REPORT_UPLOAD.mediaTypes,
  maxTotalBytes: FAULT_REPORT_UPLOAD.maxTotalBytes,
  maxFiles: FAULT_REPORT_UPLOAD.maxFiles,
};

/** The fields of one step of the fault report (spec 2.16). */
export function FaultStepFields({
  step,
  operations,
  line,
  disabled,
}: {
  step: number;
  operations: LineOperations;
  line: DiagnosticsLine;
  disabled: boolean;
}) {
  switch (step) {
    case 0:
      return <FaultDetails disabled={disabled} />;
    case 1:
      return <SpeedTestStep operations={operations} orderItemId={line.orderItemId} disabled={disabled} />;
    case 2:
      return <ContactDetails disabled={disabled} />;
    case 3:
      return <Checklist disabled={disabled} />;
    case 4:
      return <TraceRoute cli={line.cli} disabled={disabled} />;
    default:
      return <Consents disabled={disabled} />;
  }
}

/** A required choice of the form, as an outlined select with its error under it. */
function SelectField({
  name,
  label,
  options,
  disabled,
  onChosen,
}: {
  name: 'faultType' | 'frequency';
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled: boolean;
  onChosen?: (value: string) => void;
}) {
  const { control } = useFormContext<FaultFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          {...field}
          inputRef={field.ref}
          onChange={(event) => {
            field.onChange(event);
            onChosen?.(event.target.value);
          }}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function FaultDetails({ disabled }: { disabled: boolean }) {
  const { register, setValue, formState } = useFormContext<FaultFormValues>();
  const { errors } = formState;
  return (
    <Stack spacing={2}>
      <SelectField
        name="faultType"
        label="Fault type"
        options={FAULT_TYPES}
        disabled={disabled}
        // Spec 4: slow speeds makes three empty speed-test slots; any other type clears them.
        onChosen={(value) => setValue('speedTestResults', speedTestSlots(value))}
      />
      <TextField
        {...muiRegister(register('faultDescription'))}
        label="Fault description"
        multiline
        minRows={3}
        disabled={disabled}
        error={errors.faultDescription !== undefined}
        helperText={errors.faultDescription?.message}
      />
      <TextField
        {...muiRegister(register('faultStartedDate'))}
        label="Date the fault started"
        type="date"
        disabled={disabled}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: ukToday() } }}
        error={errors.faultStartedDate !== undefined}
        helperText={errors.faultStartedDate?.message}
      />
    </Stack>
  );
}

function ContactDetails({ disabled }: { disabled: boolean }) {
  const { register, formState } = useFormContext<FaultFormValues>();
  const { errors } = formState;
  return (
    <Stack spacing={2}>
      <TextField
        {...muiRegister(register('contactName'))}
        label="Contact name"
        autoComplete="name"
        disabled={disabled}
        error={errors.contactName !== undefined}
        helperText={errors.contactName?.message}
      />
      <TextField
        {...muiRegister(register('contactNumber'))}
        label="Contact number"
        type="tel"
        autoComplete="tel"
        disabled={disabled}
        error={errors.contactNumber !== undefined}
        helperText={errors.contactNumber?.message}
      />
      <SelectField
        name="frequency"
        label="How often does it happen?"
        options={FAULT_FREQUENCIES.map((frequency) => ({ value: frequency, label: frequency }))}
        disabled={disabled}
      />
      <TextField
        {...muiRegister(register('routerType'))}
        label="Router type"
        disabled={disabled}
        error={errors.routerType !== undefined}
        helperText={errors.routerType?.message}
      />
    </Stack>
  );
}

function Checklist({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<FaultFormValues>();
  return (
    <Stack spacing={2}>
      {CHECKLIST_QUESTIONS.map(({ name, question }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <FormControl error={fieldState.error !== undefined} disabled={disabled}>
              <FormLabel id={`${name}-label`}>{question}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${name}-label`}
                aria-describedby={fieldState.error ? `${name}-error` : undefined}
                {...field}
              >
                <FormControlLabel
                  value="yes"
                  control={<Radio slotProps={{ input: { ref: field.ref } }} />}
                  label="Yes"
                />
                <FormControlLabel value="no" control={<Radio />} label="No" />
              </RadioGroup>
              {fieldState.error ? (
                <FormHelperText id={`${name}-error`}>{fieldState.error.message}</FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
      ))}
    </Stack>
  );
}

function TraceRoute({ cli, disabled }: { cli: string; disabled: boolean }) {
  const { control } = useFormContext<FaultFormValues>();
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Attach screenshots of a trace route taken from a computer on the line.{' '}
        <Link component={RouterLink} to={traceRouteHelpInNewTab(cli)} target="_blank" rel="noopener">
          How do I take a trace route?
        </Link>
      </Typography>
      <Controller
        control={control}
        name="traceRouteImages"
        render={({ field, fieldState }) => (
          <FileUpload
            label="Trace route images"
            hint={`Images only (PNG, JPEG, GIF, WebP or BMP), up to ${FAULT_REPORT_UPLOAD.maxFiles} files and ${formatFileSize(FAULT_REPORT_UPLOAD.maxTotalBytes)} in all`}
            acceptedTypes="PNG, JPEG, GIF, WebP or BMP images"
            files={field.value}
            onChange={field.onChange}
            limits={IMAGE_LIMITS}
            disabled={disabled}
            error={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}

function Consents({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<FaultFormValues>();
  const consents = [
    {
      name: 'intrusionConsent',
      label: 'I agree that the carrier may run intrusive tests on the line, which can interrupt the service.',
    },
    {
      name: 'acceptEngineeringCharges',
      label: 'I accept that engineering charges may apply if the fault is found on our side of the network.',
    },
  ] as const;
  return (
    <Stack spacing={1}>
      {consents.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <FormControl error={fieldState.error !== undefined} disabled={disabled}>
              <FormControlLabel
                label={label}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
              />
              {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
            </FormControl>
          )}
        />
      ))}
    </Stack>
  );
}
