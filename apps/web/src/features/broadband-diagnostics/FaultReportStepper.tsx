import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  type BroadbandServiceSegment,
  FAULT_REPORT_UPLOAD,
  faultReportEndpoints,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { callEndpoint, serverErrorMessage } from '../../api/endpoints';
import { useNotify } from '../../components/notifications/NotificationProvider';
import type { DiagnosticsLine } from './DiagnosticsDialog';
import type { LineEndpoints } from './diagnostic-tests';
import { FaultStepFields } from './FaultStepFields';
import {
  EMPTY_FAULT_FORM,
  FAULT_STEPS,
  type FaultFormValues,
  faultFormSchema,
  faultReportImages,
  stepApplies,
  toFaultReport,
  ukToday,
} from './fault-report-form';

const FAULT_REPORT_BY_SERVICE = {
  broadbandKeystone: faultReportEndpoints.businessBroadband,
  broadbandSkylark: faultReportEndpoints.alternativeBroadband,
} as const satisfies Record<BroadbandServiceSegment, unknown>;

/**
 * The Report Fault tab (spec 2.16, 4, 5; decision 0106): a linear stepper of six steps, each checked before Next
 * moves on; the speed-test and trace-route steps only for slow speeds, shown skipped otherwise. SUBMIT posts the
 * report and its images as one multipart request. A success resets the stepper and says the fault's reference; a
 * failure keeps everything typed.
 */
export function FaultReportStepper({
  endpoints,
  service,
  line,
  groupId,
}: {
  endpoints: LineEndpoints;
  service: BroadbandServiceSegment;
  line: DiagnosticsLine;
  groupId: string;
}) {
  const notify = useNotify();
  const schema = useMemo(() => faultFormSchema(ukToday()), []);
  const form = useForm<FaultFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_FAULT_FORM });
  const faultType = useWatch({ control: form.control, name: 'faultType' });
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<string | undefined>();
  const [reported, setReported] = useState<string | undefined>();
  const sending = form.formState.isSubmitting;
  const last = FAULT_STEPS.length - 1;

  const nextStep = (from: number, direction: 1 | -1) => {
    let step = from + direction;
    while (step > 0 && step < last && !stepApplies(FAULT_STEPS[step]!, faultType)) step += direction;
    return step;
  };
  const next = async () => {
    const valid = await form.trigger([...FAULT_STEPS[active]!.fields], { shouldFocus: true });
    if (valid) setActive(nextStep(active, 1));
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    let reference: string;
    try {
      const accepted = await callEndpoint(
        FAULT_REPORT_BY_SERVICE[service],
        { params: { id: line.orderItemId }, query: { groupId }, body: toFaultReport(values) },
        { files: faultReportImages(values).map((file) => ({ field: FAULT_REPORT_UPLOAD.fieldName, file })) },
      );
      reference = accepted.reference;
    } catch (error) {
      console.error(error);
      setFailure(serverErrorMessage(error) ?? NOTIFICATION_MESSAGES.unexpectedError);
      return;
    }
    notify({ message: NOTIFICATION_MESSAGES.submitSuccessful, severity: 'success' });
    setReported(reference);
    form.reset(EMPTY_FAULT_FORM);
    setActive(0);
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label="Report a fault">
        {reported ? (
          <Alert severity="success" onClose={() => setReported(undefined)}>
            Fault {reported} has been reported.
          </Alert>
        ) : null}
        <Stepper
          activeStep={active}
          alternativeLabel
          sx={{
            pt: 1,
            '& .MuiStepLabel-label': { typography: 'caption' },
            // Six labels do not fit a phone's width: there the heading below names the step.
            '& .MuiStepLabel-labelContainer': { display: { xs: 'none', sm: 'block' } },
          }}
        >
          {FAULT_STEPS.map((step, index) => {
            const skipped = !stepApplies(step, faultType);
            return (
              <Step key={step.label} completed={!skipped && index < active}>
                <StepLabel
                  optional={
                    step.slowSpeedsOnly ? (
                      <Typography variant="caption" color="text.secondary" component="span">
                        {skipped && faultType !== '' ? 'Skipped' : 'Slow speeds only'}
                      </Typography>
                    ) : undefined
                  }
                >
                  {step.label}
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>
        <Typography variant="h6" component="h3">
          Step {active + 1}: {FAULT_STEPS[active]!.label}
        </Typography>
        <FaultStepFields step={active} endpoints={endpoints} line={line} disabled={sending} />
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => setActive(nextStep(active, -1))} disabled={active === 0 || sending}>
            Back
          </Button>
          {active < last ? (
            <Button variant="contained" onClick={() => void next()}>
              Next
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              disabled={sending}
              startIcon={sending ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : null}
            >
              Submit
            </Button>
          )}
        </Stack>
      </Stack>
    </FormProvider>
  );
}
