import { z } from 'zod';
import { anyOf, canAccess, type RouteAccess } from '../access';
import type { Permission } from '../permissions';
import { IdSchema, IsoDateTimeSchema } from '../primitives';
import { UserEmailAddressInputSchema } from '../validation';

// Scheduled reports by e-mail (docs/decisions/0216): a user's own subscription to a report of what they may see,
// built when it runs with their access at that time.

export const REPORT_KINDS = ['billsSummary', 'usageBySite', 'usageByTeam', 'usageByDevice', 'topSpenders'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Weekly on Mondays, monthly on the 6th (bills are issued on the 5th); both at 07:00 London time. */
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  billsSummary: 'Bills summary',
  usageBySite: 'Usage by site',
  usageByTeam: 'Usage by team',
  usageByDevice: 'Usage by device',
  topSpenders: 'Top spenders',
};
export const REPORT_KIND_DESCRIPTIONS: Record<ReportKind, string> = {
  billsSummary: "Your companies' bills of the last 12 months: calls, duration, usage, fixed charges and amount.",
  usageBySite: "Each site's mobile usage this bill month and last.",
  usageByTeam: "Each team's mobile usage this bill month and last.",
  usageByDevice: "Each mobile device's usage this bill month and last.",
  topSpenders: 'The mobile devices that cost the most this bill month and last.',
};
export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV (spreadsheet)' };
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly, on Mondays',
  monthly: 'Monthly, on the 6th',
};

/** The hour (London time) a report is due on its day. */
export const REPORT_HOUR_LONDON = 7;

/** What a report needs of its subscriber: the permission of the pages that show the same figures. */
export const REPORT_ACCESS: Record<ReportKind, RouteAccess> = {
  billsSummary: anyOf('Read', 'ViewMyBills'),
  usageBySite: anyOf('Read', 'MobileSiteEstate'),
  usageByTeam: anyOf('Read', 'MobileTeamEstate'),
  usageByDevice: anyOf('Read', 'MobileUserEstate'),
  topSpenders: anyOf('Read', 'MobileUserEstate'),
};

/** Whether a user holding `held` may have a report of this kind. */
export function mayHaveReport(kind: ReportKind, held: ReadonlyArray<Permission>): boolean {
  return canAccess(REPORT_ACCESS[kind], held);
}

export const REPORT_LIMITS = { maxEmails: 10, maxSubscriptions: 20 } as const;

export const REPORT_MESSAGES = {
  recipientRequired: 'Send it to yourself or to at least one e-mail address.',
  duplicateEmail: 'Each e-mail address once.',
  tooMany: `You can have up to ${REPORT_LIMITS.maxSubscriptions} scheduled reports.`,
  notAllowed: (kind: ReportKind) => `You do not have access to the ${REPORT_KIND_LABELS[kind]} report.`,
} as const;

/** Why a subscription stopped: its subscriber lost the permission its report needs. */
export const REPORT_STOPPED_REASONS = {
  permissionRemoved: (kind: ReportKind) =>
    `Stopped: you no longer have access to the ${REPORT_KIND_LABELS[kind]} report. Ask your administrator, then resume it.`,
} as const;

/** The subscription form's save. */
export const ReportSubscriptionSaveSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    format: z.enum(REPORT_FORMATS),
    frequency: z.enum(REPORT_FREQUENCIES),
    /** Sent to the subscriber's own e-mail address too. */
    sendToMe: z.boolean(),
    emails: z.array(UserEmailAddressInputSchema).max(REPORT_LIMITS.maxEmails),
    paused: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (!value.sendToMe && value.emails.length === 0) {
      context.addIssue({ code: 'custom', path: ['emails'], message: REPORT_MESSAGES.recipientRequired });
    }
    const seen = new Set<string>();
    value.emails.forEach((email, index) => {
      const key = email.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['emails', index], message: REPORT_MESSAGES.duplicateEmail });
      }
      seen.add(key);
    });
  });
export type ReportSubscriptionSave = z.input<typeof ReportSubscriptionSaveSchema>;

export const REPORT_STATES = ['active', 'paused', 'stopped'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** A subscription as its owner's list shows it. */
export const ReportSubscriptionSchema = z.object({
  id: IdSchema,
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  sendToMe: z.boolean(),
  emails: z.array(z.string()),
  paused: z.boolean(),
  /** active, paused by its owner, or stopped by the portal (stoppedReason says why). */
  state: z.enum(REPORT_STATES),
  stoppedReason: z.string().nullable(),
  /** When it is next due (none while paused or stopped). */
  nextRunAt: IsoDateTimeSchema.nullable(),
  lastSentAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type ReportSubscription = z.infer<typeof ReportSubscriptionSchema>;
