import { z } from 'zod';
import { IdSchema, NonEmptyStringSchema } from '../primitives';
import { requiredText } from '../rules/text-fields';

// The partner's FAQs as its staff edit them in the console (docs/decisions/0217). The answer is Markdown, which the
// web app renders through a sanitiser; the API stores and answers it as written.

export const FAQ_LIMITS = {
  /** The faqs table's own check on the title. */
  title: 200,
  text: 10_000,
  /** Questions per partner: the FAQ page is one accordion, read top to bottom. */
  perPartner: 100,
} as const;

/** A question of the partner's, in the console: its id, and its place in the list is its place in the answer. */
export const ConsoleFaqSchema = z.object({
  id: IdSchema,
  title: NonEmptyStringSchema,
  text: NonEmptyStringSchema,
});
export type ConsoleFaq = z.infer<typeof ConsoleFaqSchema>;

/** A question as staff write it: the question and its Markdown answer. */
export const FaqInputSchema = z.object({
  title: requiredText('Question', FAQ_LIMITS.title),
  text: requiredText('Answer', FAQ_LIMITS.text),
});
export type FaqInput = z.infer<typeof FaqInputSchema>;

/** One step up (towards the top of the FAQ page) or down. */
export const FaqMoveSchema = z.object({ direction: z.enum(['up', 'down']) });
export type FaqMove = z.infer<typeof FaqMoveSchema>;
