import { z } from 'zod';
import { CountSchema, IpAddressSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';

export const SpeedRowSchema = z.object({
  upload: CountSchema,
  download: CountSchema,
});
export type SpeedRow = z.infer<typeof SpeedRowSchema>;

export const SessionHistoryRowSchema = z.object({
  username: NonEmptyStringSchema,
  startTime: IsoDateTimeSchema,
  endTime: IsoDateTimeSchema,
  /** Seconds. */
  sessionTime: CountSchema,
  speed: SpeedRowSchema,
  ipAddress: IpAddressSchema,
});
export type SessionHistoryRow = z.infer<typeof SessionHistoryRowSchema>;

export const LineHistoryRowSchema = z.object({
  gatheredDate: IsoDateTimeSchema,
  profileName: z.string(),
  /** dB. */
  downstreamSnrMargin: z.number().finite(),
  downstreamAttenuation: z.number().finite(),
  upstreamAttenuation: z.number().finite(),
  secServiceDisrupted: CountSchema,
  secServiceDisruptedCpe: CountSchema,
  syncCount: CountSchema,
  lostSyncCount: CountSchema,
});
export type LineHistoryRow = z.infer<typeof LineHistoryRowSchema>;

export const AuthenticationLogRowSchema = z.object({
  username: NonEmptyStringSchema,
  logDate: IsoDateTimeSchema,
  status: NonEmptyStringSchema,
  bras: z.string(),
  /** Absent on successful authentications. */
  error: z.string().optional(),
});
export type AuthenticationLogRow = z.infer<typeof AuthenticationLogRowSchema>;
