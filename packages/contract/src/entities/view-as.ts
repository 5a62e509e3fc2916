import { z } from 'zod';
import { LoginReplySchema } from '../auth-api';
import { IsoDateTimeSchema } from '../primitives';
import { FIELD_MESSAGES } from '../rules/text-fields';

// View as customer (issue 27, docs/decisions/0220): a reseller's staff member sees the portal as one of their
// partner's customer users, read-only, for a written reason and a limited time.

/** The reason is written, not picked: long enough to say why, short enough for the audit trail. */
export const VIEW_AS_REASON = { min: 10, max: 500 } as const;
/** How long a view lasts, in minutes; it ends by itself then. */
export const VIEW_AS_MINUTES = { min: 5, max: 60, default: 30 } as const;

/** The error codes of a view: a change refused while viewing, and ending a view when none is under way. */
export const VIEW_AS_ERROR_CODES = { readOnly: 'read_only_view', notViewing: 'not_viewing' } as const;

/** The words of a view, written once for the server's refusals and the web app's banner and form. */
export const VIEW_AS_COPY = {
  readOnly:
    'You are viewing the portal as a customer, read-only: nothing can be changed. End the view to act as yourself.',
  notViewing: 'This session is not viewing the portal as a customer',
  reasonTooShort: `Reason must be at least ${VIEW_AS_REASON.min} characters`,
  minutes: `Choose between ${VIEW_AS_MINUTES.min} and ${VIEW_AS_MINUTES.max} minutes`,
} as const;

export const ViewAsStartRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: FIELD_MESSAGES.required('Reason') })
    .min(VIEW_AS_REASON.min, { error: VIEW_AS_COPY.reasonTooShort })
    .max(VIEW_AS_REASON.max, { error: FIELD_MESSAGES.tooLong('Reason', VIEW_AS_REASON.max) })
    .describe('Why the staff member views the portal as this user; kept in the audit trail the customer reads'),
  minutes: z
    .number()
    .int({ error: VIEW_AS_COPY.minutes })
    .min(VIEW_AS_MINUTES.min, { error: VIEW_AS_COPY.minutes })
    .max(VIEW_AS_MINUTES.max, { error: VIEW_AS_COPY.minutes })
    .default(VIEW_AS_MINUTES.default)
    .describe('How long the view lasts; it ends by itself then'),
});
export type ViewAsStartRequest = z.input<typeof ViewAsStartRequestSchema>;

const CompanyNameSchema = z.object({ id: z.number().int(), name: z.string() });

/** A customer user a staff member may view the portal as: who, and of which companies. */
export const ViewAsCandidateSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  emailAddress: z.string(),
  profile: z.string(),
  companies: z.array(CompanyNameSchema),
});
export type ViewAsCandidate = z.infer<typeof ViewAsCandidateSchema>;

/** A view under way, as its banner shows it. */
export const ViewAsSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  companies: z.array(CompanyNameSchema),
  staffUserName: z.string(),
  partnerName: z.string(),
  reason: z.string(),
  startedAt: IsoDateTimeSchema,
  /** When it ends by itself. */
  endsAt: IsoDateTimeSchema,
});
export type ViewAs = z.infer<typeof ViewAsSchema>;

/** The view's session, answered as a sign-in is (its refresh token in the cookie for the browser), and the view. */
export const ViewAsStartReplySchema = LoginReplySchema.extend({ view: ViewAsSchema });

export const CurrentViewAsSchema = z.object({ view: ViewAsSchema.nullable() });

/**
 * Where an ended view leaves the browser: back in the staff member's own session (its tokens, as a sign-in's), or
 * signed out when that session ended meanwhile.
 */
export const ViewAsEndReplySchema = z.object({
  returnedTo: z.enum(['staff', 'sign-in']),
  session: LoginReplySchema.nullable(),
});
export type ViewAsEndReply = z.infer<typeof ViewAsEndReplySchema>;
