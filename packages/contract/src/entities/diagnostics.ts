import { z } from 'zod';
import { SPEED_TEST_RESULT_COUNT, TRACE_ROUTE_UPLOAD_MAX_BYTES, TRACE_ROUTE_UPLOAD_MAX_FILES } from '../limits';
import { CountSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';
import { DiagnosticStatusSchema } from '../statuses';

export const DiagnosticDetailSchema = z.object({
  label: NonEmptyStringSchema,
  value: z.string(),
});
export type DiagnosticDetail = z.infer<typeof DiagnosticDetailSchema>;

/** How the diagnostics dialog shows one test: its status code, its name and what it found as label/value pairs. */
export const DiagnosticResultSchema = z.object({
  code: DiagnosticStatusSchema,
  name: NonEmptyStringSchema,
  additionalDetails: z.array(DiagnosticDetailSchema),
});
export type DiagnosticResult = z.infer<typeof DiagnosticResultSchema>;

/**
 * Every diagnostics answer (spec 7): `success`, the test's `model` (null when it did not run) and the carrier's
 * refusals as `errors[].errorMessage`. A carrier that refuses a test is a 200 with `success: false`; a carrier
 * that cannot be reached is a 502/503/504 (the dialog's unexpected-error message).
 */
export function diagnosticReply<T extends z.ZodType>(model: T) {
  return z.object({
    success: z.boolean(),
    model: model.nullable(),
    errors: z.array(z.object({ errorMessage: NonEmptyStringSchema })),
  });
}

export const DiagnosticsGroupSchema = z.object({
  /** Groups the tests of one dialog session; the fault report names it. */
  diagnosticGroupGuid: z.uuid(),
});
export type DiagnosticsGroup = z.infer<typeof DiagnosticsGroupSchema>;

/** Live Status (spec 4): connected and active is success, active only is Disconnected, otherwise Suspended. */
export const LiveStatusSchema = z.object({
  active: z.boolean(),
  connected: z.boolean(),
  /** When the current session started; null when not connected. */
  connectedFrom: IsoDateTimeSchema.nullable(),
});
export type LiveStatus = z.infer<typeof LiveStatusSchema>;

export const SyncStatusSchema = z.object({
  operStatus: z.enum(['Up', 'Down']),
  /** Seconds in sync. */
  timeInSync: CountSchema,
  /** Rates in kbit/s (the dialog shows Mb/s to 2 decimals); SNR margin and attenuation in dB. */
  downstreamRate: CountSchema,
  upstreamRate: CountSchema,
  downstreamSnr: z.number().finite(),
  maxDownstreamRate: CountSchema,
  maxUpstreamRate: CountSchema,
  attenuation: z.number().finite(),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

export const TEST_OUTCOMES = ['Pass', 'Fail', 'Inconclusive'] as const;

/** The fibre, broadband and line tests' answer. */
export const TestOutcomeSchema = z.object({
  testOutcome: z.enum(TEST_OUTCOMES),
  /** Where a fault was found (for example Network, Customer premises); null on a pass. */
  faultLocation: z.string().nullable(),
  faultDescription: z.string().nullable(),
  diagnosisCode: NonEmptyStringSchema,
  /** The access network operator's reference for the test, quoted to it when a fault is raised. */
  accessNetworkOperatorReference: NonEmptyStringSchema,
});
export type TestOutcome = z.infer<typeof TestOutcomeSchema>;

export const ExchangeStatusSchema = z.object({
  frame: z.string(),
  card: z.string(),
  port: z.string(),
  /** Metres from the exchange. */
  lineLength: CountSchema,
  exchangeName: NonEmptyStringSchema,
});
export type ExchangeStatus = z.infer<typeof ExchangeStatusSchema>;

/** A line has a WLR3 service when one of its services has this description. */
export const WLR3_SERVICE_DESCRIPTION = 'WLR3';

export const BroadbandServiceSchema = z.object({
  description: z.string(),
});
export type BroadbandService = z.infer<typeof BroadbandServiceSchema>;

/** A speed test the customer ran with the carrier's tester; a slow-speeds fault quotes three of them. */
export const SpeedTestRunSchema = z.object({
  resultId: NonEmptyStringSchema,
  testedAt: IsoDateTimeSchema,
  /** kbit/s. */
  downloadSpeed: CountSchema,
  uploadSpeed: CountSchema,
  /** Milliseconds. */
  latency: CountSchema,
});
export type SpeedTestRun = z.infer<typeof SpeedTestRunSchema>;

/** The one fault type with the speed-test and trace-route steps. */
export const SLOW_SPEEDS_FAULT_TYPE = 'SlowSpeeds';
export const FAULT_TYPES = [
  { value: 'NoConnection', label: 'No connection' },
  { value: 'IntermittentConnection', label: 'Connection keeps dropping' },
  { value: SLOW_SPEEDS_FAULT_TYPE, label: 'Slow speeds' },
  { value: 'NoisyLine', label: 'Noise on the line' },
] as const;
export const FaultTypeSchema = z.enum(FAULT_TYPES.map((type) => type.value) as [string, ...string[]]);

export const FAULT_FREQUENCIES = ['Constantly', 'Several times a day', 'Daily', 'Weekly', 'Occasionally'] as const;

export const SpeedTestResultSchema = z.object({
  resultId: z.string().trim().min(1).max(50, 'A result id has at most 50 characters'),
});
export type SpeedTestResult = z.infer<typeof SpeedTestResultSchema>;

/** Today's date where it is latest (UTC+14): a date after it has not begun anywhere yet. */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** The day a fault started: a date, and not one to come (docs/decisions/0121), whatever the reporter's time zone. */
const FaultStartedDateSchema = IsoDateSchema.check((payload) => {
  if (payload.issues.length > 0) return;
  const today = latestToday();
  if (payload.value <= today) return;
  payload.issues.push({
    code: 'too_big',
    origin: 'date',
    maximum: Date.parse(today),
    inclusive: true,
    input: payload.value,
    message: 'The date the fault started cannot be in the future',
  });
});

/**
 * The fault report's fields (spec 3, 5): every field is required and both consents must be given. A slow-speeds
 * fault quotes three speed-test results, other types none. The trace-route images are not here: they are the
 * multipart request's file parts (field `traceRouteImages`), streamed to storage, never held whole in memory.
 */
export const FaultReportFieldsSchema = z
  .strictObject({
    faultType: FaultTypeSchema,
    faultDescription: z.string().trim().min(1).max(2000),
    faultStartedDate: FaultStartedDateSchema,
    speedTestResults: z.array(SpeedTestResultSchema).max(SPEED_TEST_RESULT_COUNT),
    contactName: z.string().trim().min(1).max(100),
    contactNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{10,16}$/, 'Enter a phone number of 10 to 16 digits'),
    frequency: z.enum(FAULT_FREQUENCIES),
    routerType: z.string().trim().min(1).max(100),
    routerRebooted: z.boolean(),
    microfiltersSwapTest: z.boolean(),
    masterSocketTest: z.boolean(),
    nonAdslEquipmentRemoved: z.boolean(),
    intrusionConsent: z.literal(true),
    acceptEngineeringCharges: z.literal(true),
  })
  .superRefine((report, ctx) => {
    const expected = report.faultType === SLOW_SPEEDS_FAULT_TYPE ? SPEED_TEST_RESULT_COUNT : 0;
    if (report.speedTestResults.length !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['speedTestResults'],
        message: `Expected ${expected} speed test results for fault type ${report.faultType}`,
      });
    }
  });
export type FaultReportFields = z.infer<typeof FaultReportFieldsSchema>;

/** The multipart request's limits, for the API reference and both sides' checks. */
export const FAULT_REPORT_UPLOAD = {
  fieldName: 'traceRouteImages',
  maxTotalBytes: TRACE_ROUTE_UPLOAD_MAX_BYTES,
  maxFiles: TRACE_ROUTE_UPLOAD_MAX_FILES,
  mediaTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'],
} as const;

/** A stored fault report: accepted, then sent to the carrier by the worker; the contract's events show it. */
export const FaultReportAcceptedSchema = z.object({
  id: IdSchema,
  /** The portal's fault reference, e.g. FR-000042, quoted in the events and to support. */
  reference: NonEmptyStringSchema,
  status: z.enum(['queued', 'sent']),
});
export type FaultReportAccepted = z.infer<typeof FaultReportAcceptedSchema>;
