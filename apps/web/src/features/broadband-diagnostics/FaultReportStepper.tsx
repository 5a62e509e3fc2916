import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  type BroadbandCarrierKey,
  FAULT_REPORT_UPLOAD,
  faultReportOperations,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { callOperation, serverErrorMessage } from '../../api/operations';
import { useNotify } from '../../components/notifications/NotificationProvider';
import type { LineOperations } from './diagnostic-tests';
import type { DiagnosticsLine } from './diagnostics-line';
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

/** Where the report is: what was entered and the step shown, all a draft needs to resume (decision 0135). */
export interface FaultReportProgress {
  values: FaultFormValues;
  step: number;
}

/**
 * The Report Fault tab (spec 2.16, 4, 5; decision 0106): a linear stepper of six steps, each checked before Next
 * moves on; the speed-test and trace-route steps only for slow speeds, shown skipped otherwise. A field's error
 * goes as soon as it is put right. SUBMIT posts the report and its images as one multipart request. A success
 * resets the stepper and says the fault's reference; a failure keeps everything typed. Every change is reported
 * through `onProgress`, and a resumed draft starts where it was left. The steps scroll; Back and Next stay in view.
 */
export function FaultReportStepper({
  operations,
  carrier,
  line,
  groupId,
  resumed,
  onProgress,
}: {
  operations: LineOperations;
  carrier: BroadbandCarrierKey;
  line: DiagnosticsLine;
  groupId: string;
  resumed?: FaultReportProgress | undefined;
  onProgress?: (progress: FaultReportProgress) => void;
}) {
  const notify = useNotify();
  const schema = useMemo(() => faultFormSchema(ukToday()), []);
  const form = useForm<FaultFormValues>({
    resolver: zodResolver(schema),
    defaultValues: resumed?.values ?? EMPTY_FAULT_FORM,
  });
  const faultType = useWatch({ control: form.control, name: 'faultType' });
  const [active, setActive] = useState(resumed?.step ?? 0);

  const content = useRef<HTMLDivElement>(null);

  useEffect(() => onProgress?.({ values: form.getValues(), step: active }), [onProgress, form, active]);
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      onProgress?.({ values: form.getValues(), step: active });
      // Errors are first shown by Next; from then on each one clears as the field is put right.
      if (name !== undefined && form.getFieldState(name).error) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form, onProgress, active]);
  const [failure, setFailure] = useState<string | undefined>();
  const [reported, setReported] = useState<string | undefined>();
  const sending = form.formState.isSubmitting;
  const last = FAULT_STEPS.length - 1;

  // A new step starts at its top, with the stepper and the step's heading in view.
  const goTo = (step: number) => {
    setActive(step);
    content.current?.scrollTo?.({ top: 0 });
  };
  const nextStep = (from: number, direction: 1 | -1) => {
    let step = from + direction;
    while (step > 0 && step < last && !stepApplies(FAULT_STEPS[step]!, faultType)) step += direction;
    return step;
  };
  const next = async () => {
    const valid = await form.trigger([...FAULT_STEPS[active]!.fields], { shouldFocus: true });
    if (valid) goTo(nextStep(active, 1));
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    let reference: string;
    try {
      const accepted = await callOperation(
        faultReportOperations[carrier].reportFault,
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
    goTo(0);
  });

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Report a fault"
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <DialogContent ref={content} sx={{ pt: 2 }}>
          <Stack spacing={3}>
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
            <FaultStepFields step={active} operations={operations} line={line} disabled={sending} />
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', flexShrink: 0 }}
        >
          <Button onClick={() => goTo(nextStep(active, -1))} disabled={active === 0 || sending}>
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
      </Box>
    </FormProvider>
  );
}
