import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';

/** A banner message; without dates it is open-ended. */
export const MessageSchema = z.object({
  id: IdSchema,
  text: NonEmptyStringSchema,
  startDate: IsoDateTimeSchema.optional(),
  endDate: IsoDateTimeSchema.optional(),
});
export type Message = z.infer<typeof MessageSchema>;
