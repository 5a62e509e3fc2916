import { z } from 'zod';
import { ApiDateTimeSchema, IdSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';
import { requiredText } from '../rules/text-fields';

/** A banner message; without dates it is open-ended. */
export const MessageSchema = z.object({
  id: IdSchema,
  text: NonEmptyStringSchema,
  startDate: IsoDateTimeSchema.optional(),
  endDate: IsoDateTimeSchema.optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** The longest banner message, in characters once trimmed. */
export const MESSAGE_TEXT_MAX = 1000;

/** A message as partner staff write it; without dates it shows until removed. */
export const MessageInputSchema = z
  .object({
    text: requiredText('Message', MESSAGE_TEXT_MAX),
    startDate: ApiDateTimeSchema.nullish(),
    endDate: ApiDateTimeSchema.nullish(),
  })
  .refine((m) => !m.startDate || !m.endDate || Date.parse(m.endDate) > Date.parse(m.startDate), {
    message: 'The end must be after the start',
    path: ['endDate'],
  });
export type MessageInput = z.infer<typeof MessageInputSchema>;

/** Where a message stands at a moment: showing now, waiting for its start, or past its end (docs/decisions/0217). */
export type MessageStatus = 'current' | 'scheduled' | 'expired';

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  current: 'Current',
  scheduled: 'Scheduled',
  expired: 'Expired',
};

/**
 * The status of a message at `now`, by the rule the current-messages operation applies (a window that contains now,
 * both ends included, shows).
 */
export function messageStatus(message: Pick<Message, 'startDate' | 'endDate'>, now: number): MessageStatus {
  if (message.startDate && Date.parse(message.startDate) > now) return 'scheduled';
  if (message.endDate && Date.parse(message.endDate) < now) return 'expired';
  return 'current';
}
