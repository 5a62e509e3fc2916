import {
  API_DATE_RANGE,
  type FAULT_FREQUENCIES,
  type FaultReportFields,
  FaultReportFieldsSchema,
  SLOW_SPEEDS_FAULT_TYPE,
  SPEED_TEST_RESULT_COUNT,
  SpeedTestResultSchema,
} from '@portal/contract';
import { z } from 'zod';
import { formatDate } from '../../lib/format';

export type YesNo = '' | 'yes' | 'no';

/** The fault form as typed: answers start empty, so "not answered" is a value of its own. */
export interface FaultFormValues {
  faultType: string;
  faultDescription: string;
  faultStartedDate: string;
  speedTestResults: Array<{ resultId: string }>;
  contactName: string;
  contactNumber: string;
  frequency: string;
  routerType: string;
  routerRebooted: YesNo;
  microfiltersSwapTest: YesNo;
  masterSocketTest: YesNo;
  nonAdslEquipmentRemoved: YesNo;
  traceRouteImages: File[];
  intrusionConsent: boolean;
  acceptEngineeringCharges: boolean;
}

export type FaultFieldName = keyof FaultFormValues;

export const CHECKLIST_QUESTIONS = [
  { name: 'routerRebooted', question: 'Have you restarted the router?' },
  { name: 'microfiltersSwapTest', question: 'Have you tried swapping the microfilters?' },
  { name: 'masterSocketTest', question: 'Have you tested the line at the master socket?' },
  { name: 'nonAdslEquipmentRemoved', question: 'Have you unplugged all other equipment from the line?' },
] as const satisfies ReadonlyArray<{ name: FaultFieldName; question: string }>;

export interface FaultStep {
  label: string;
  fields: readonly FaultFieldName[];
  /** Only a slow-speeds fault has this step; other faults skip it. */
  slowSpeedsOnly?: boolean;
}

/** The six steps of spec 2.16, with the fields each checks before Next lets the user on. */
export const FAULT_STEPS: readonly FaultStep[] = [
  { label: 'Fault details', fields: ['faultType', 'faultDescription', 'faultStartedDate'] },
  { label: 'Speed tests', fields: ['speedTestResults'], slowSpeedsOnly: true },
  { label: 'Contact', fields: ['contactName', 'contactNumber', 'frequency', 'routerType'] },
  { label: 'Checklist', fields: CHECKLIST_QUESTIONS.map((item) => item.name) },
  { label: 'Trace route', fields: ['traceRouteImages'], slowSpeedsOnly: true },
  { label: 'Consents', fields: ['intrusionConsent', 'acceptEngineeringCharges'] },
];

export const isSlowSpeeds = (faultType: string) => faultType === SLOW_SPEEDS_FAULT_TYPE;

export function stepApplies(step: FaultStep, faultType: string): boolean {
  return !step.slowSpeedsOnly || isSlowSpeeds(faultType);
}

/** Spec 4: a slow-speeds fault has three empty speed-test slots, any other type none. */
export function speedTestSlots(faultType: string): Array<{ resultId: string }> {
  return isSlowSpeeds(faultType) ? Array.from({ length: SPEED_TEST_RESULT_COUNT }, () => ({ resultId: '' })) : [];
}

export const EMPTY_FAULT_FORM: FaultFormValues = {
  faultType: '',
  faultDescription: '',
  faultStartedDate: '',
  speedTestResults: [],
  contactName: '',
  contactNumber: '',
  frequency: '',
  routerType: '',
  routerRebooted: '',
  microfiltersSwapTest: '',
  masterSocketTest: '',
  nonAdslEquipmentRemoved: '',
  traceRouteImages: [],
  intrusionConsent: false,
  acceptEngineeringCharges: false,
};

/** Today in the UK as `yyyy-MM-dd`, the latest date a fault can have started. */
export function ukToday(now: Date = new Date()): string {
  return formatDate(now, 'dd/MM/yyyy').split('/').reverse().join('-');
}

const fields = FaultReportFieldsSchema.shape;
/** A required text field: its own message when empty, then the contract's rule for it. */
const required = (message: string, rule: z.ZodType<string, string>) => z.string().trim().min(1, message).pipe(rule);
const answered = z.enum(['', 'yes', 'no']).refine((answer) => answer !== '', 'Please answer yes or no');
const ticked = (message: string) => z.boolean().refine((value) => value, message);

/**
 * The form's rules (spec 5: every field required): the contract's rules for each field, with messages saying what
 * is missing; the speed-test ids and an image only for a slow-speeds fault.
 */
export function faultFormSchema(today: string) {
  return z
    .object({
      faultType: z.string().min(1, 'Please choose the type of fault'),
      faultDescription: required('Please describe the fault', fields.faultDescription),
      faultStartedDate: z
        .string()
        .min(1, 'Please enter the date the fault started')
        .pipe(z.iso.date('Please enter a valid date'))
        // The contract's date range: a year before 1000 is a slip of the keyboard, which the server would refuse.
        .refine((date) => date >= API_DATE_RANGE.min, 'Please enter a valid date')
        .refine((date) => date <= today, 'The date the fault started cannot be in the future'),
      speedTestResults: z.array(
        z.object({
          resultId: required('Please enter or choose a speed test result id', SpeedTestResultSchema.shape.resultId),
        }),
      ),
      contactName: required('Please enter a contact name', fields.contactName),
      contactNumber: required('Please enter a contact number', fields.contactNumber),
      frequency: z.string().min(1, 'Please choose how often the fault happens'),
      routerType: required('Please enter the router type', fields.routerType),
      routerRebooted: answered,
      microfiltersSwapTest: answered,
      masterSocketTest: answered,
      nonAdslEquipmentRemoved: answered,
      traceRouteImages: z.array(z.custom<File>((value) => value instanceof Blob)),
      intrusionConsent: ticked('Please consent to intrusive testing'),
      acceptEngineeringCharges: ticked('Please accept the engineering charges'),
    })
    .superRefine((form, ctx) => {
      if (!isSlowSpeeds(form.faultType)) return;
      if (form.speedTestResults.length !== SPEED_TEST_RESULT_COUNT) {
        ctx.addIssue({ code: 'custom', path: ['speedTestResults'], message: 'Three speed test results are needed' });
      }
      if (form.traceRouteImages.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['traceRouteImages'],
          message: 'Please upload at least one trace route image',
        });
      }
    });
}

/** The report the API takes: the contract's fields, checked by its schema; the images go as the files. */
export function toFaultReport(form: FaultFormValues): FaultReportFields {
  const yes = (answer: YesNo) => answer === 'yes';
  return FaultReportFieldsSchema.parse({
    faultType: form.faultType,
    faultDescription: form.faultDescription.trim(),
    faultStartedDate: form.faultStartedDate,
    speedTestResults: isSlowSpeeds(form.faultType)
      ? form.speedTestResults.map((result) => ({ resultId: result.resultId.trim() }))
      : [],
    contactName: form.contactName.trim(),
    contactNumber: form.contactNumber.trim(),
    frequency: form.frequency as (typeof FAULT_FREQUENCIES)[number],
    routerType: form.routerType.trim(),
    routerRebooted: yes(form.routerRebooted),
    microfiltersSwapTest: yes(form.microfiltersSwapTest),
    masterSocketTest: yes(form.masterSocketTest),
    nonAdslEquipmentRemoved: yes(form.nonAdslEquipmentRemoved),
    intrusionConsent: form.intrusionConsent,
    acceptEngineeringCharges: form.acceptEngineeringCharges,
  });
}

/** The images sent with the report: a slow-speeds fault's trace routes, none for other types. */
export function faultReportImages(form: FaultFormValues): File[] {
  return isSlowSpeeds(form.faultType) ? form.traceRouteImages : [];
}
