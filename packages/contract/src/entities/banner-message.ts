import { z } from 'zod';
import { ApiDateTimeSchema, IdSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';

/** A banner message; without dates it is open-ended. */
export const MessageSchema = z.object({
  id: IdSchema,
  text: NonEmptyStringSchema,
  startDate: IsoDateTimeSchema.optional(),
  endDate: IsoDateTimeSchema.optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** A message as partner staff write it; without dates it shows until removed. */
export const MessageInputSchema = z
  .object({
    text: z.string().trim().min(1).max(1000),
    startDate: ApiDateTimeSchema.nullish(),
    endDate: ApiDateTimeSchema.nullish(),
  })
  .refine((m) => !m.startDate || !m.endDate || Date.parse(m.endDate) > Date.parse(m.startDate), {
    message: 'endDate must be after startDate',
    path: ['endDate'],
  });
export type MessageInput = z.infer<typeof MessageInputSchema>;
