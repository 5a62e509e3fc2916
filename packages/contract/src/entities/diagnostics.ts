import { z } from 'zod';
import { SPEED_TEST_RESULT_COUNT, TRACE_ROUTE_UPLOAD_MAX_BYTES } from '../limits';
import { VALIDATION_MESSAGES } from '../messages';
import { IsoDateSchema, NonEmptyStringSchema } from '../primitives';
import { DiagnosticStatusSchema } from '../statuses';

export const DiagnosticDetailSchema = z.object({
  label: NonEmptyStringSchema,
  value: z.string(),
});
export type DiagnosticDetail = z.infer<typeof DiagnosticDetailSchema>;

export const DiagnosticResultSchema = z.object({
  code: DiagnosticStatusSchema,
  name: NonEmptyStringSchema,
  additionalDetails: z.array(DiagnosticDetailSchema),
});
export type DiagnosticResult = z.infer<typeof DiagnosticResultSchema>;

/** A line has a WLR3 service when one of its services has this description. */
export const WLR3_SERVICE_DESCRIPTION = 'WLR3';

export const BroadbandServiceSchema = z.object({
  description: z.string(),
});
export type BroadbandService = z.infer<typeof BroadbandServiceSchema>;

/** The one fault type with the speed-test and trace-route steps. */
export const SLOW_SPEEDS_FAULT_TYPE = 'SlowSpeeds';

export const SpeedTestResultSchema = z.object({
  resultId: NonEmptyStringSchema,
});
export type SpeedTestResult = z.infer<typeof SpeedTestResultSchema>;

export const TraceRouteImageSchema = z.object({
  filename: NonEmptyStringSchema,
  /** Base64 file content. */
  data: z.base64().min(1),
});
export type TraceRouteImage = z.infer<typeof TraceRouteImageSchema>;

export function base64DecodedByteLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/**
 * Every field is required (spec section 5); both consents must be given to submit. Slow-speed faults need three
 * speed-test results and at least one trace route image; other fault types carry no speed-test results.
 */
export const FaultReportSchema = z
  .object({
    faultType: NonEmptyStringSchema,
    faultDescription: NonEmptyStringSchema,
    faultStartedDate: IsoDateSchema,
    speedTestResults: z.array(SpeedTestResultSchema),
    contactName: NonEmptyStringSchema,
    contactNumber: NonEmptyStringSchema,
    frequency: NonEmptyStringSchema,
    routerType: NonEmptyStringSchema,
    routerRebooted: z.boolean(),
    microfiltersSwapTest: z.boolean(),
    masterSocketTest: z.boolean(),
    nonAdslEquipmentRemoved: z.boolean(),
    traceRouteImages: z.array(TraceRouteImageSchema),
    intrusionConsent: z.literal(true),
    acceptEngineeringCharges: z.literal(true),
  })
  .superRefine((report, ctx) => {
    const slowSpeeds = report.faultType === SLOW_SPEEDS_FAULT_TYPE;
    const expectedSpeedTests = slowSpeeds ? SPEED_TEST_RESULT_COUNT : 0;
    if (report.speedTestResults.length !== expectedSpeedTests) {
      ctx.addIssue({
        code: 'custom',
        path: ['speedTestResults'],
        message: `Expected ${expectedSpeedTests} speed test results for fault type ${report.faultType}`,
      });
    }
    if (slowSpeeds && report.traceRouteImages.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['traceRouteImages'],
        message: 'At least one trace route image is required',
      });
    }
    const totalBytes = report.traceRouteImages.reduce((sum, image) => sum + base64DecodedByteLength(image.data), 0);
    if (totalBytes > TRACE_ROUTE_UPLOAD_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['traceRouteImages'], message: VALIDATION_MESSAGES.exceededMaxUploadSize });
    }
  });
export type FaultReport = z.infer<typeof FaultReportSchema>;
