import {
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_KINDS,
  type ReportKind,
  type ReportSubscription,
  type ReportSubscriptionSave,
  ReportSubscriptionSaveSchema,
} from '@portal/contract';
import { z } from 'zod';

/** The form's fields: the other addresses are typed as text, one or more separated by commas, spaces or lines. */
export type ReportFormValues = {
  kind: ReportKind;
  format: (typeof REPORT_FORMATS)[number];
  frequency: (typeof REPORT_FREQUENCIES)[number];
  sendToMe: boolean;
  emailsText: string;
};

export function addressesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * The form's schema: the fields become the contract's save and are checked by its schema, whose issues are moved onto
 * the field that shows them (an address's naming it), so the form and the server apply one rule.
 */
export const reportFormSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    format: z.enum(REPORT_FORMATS),
    frequency: z.enum(REPORT_FREQUENCIES),
    sendToMe: z.boolean(),
    emailsText: z.string(),
  })
  .superRefine((values, context) => {
    const emails = addressesOf(values.emailsText);
    const result = ReportSubscriptionSaveSchema.safeParse({ ...values, emails });
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      if (field === 'emails') {
        const address = typeof index === 'number' ? emails[index] : undefined;
        context.addIssue({
          code: 'custom',
          path: ['emailsText'],
          message: address ? `${address}: ${issue.message}` : issue.message,
        });
      } else {
        context.addIssue({ code: 'custom', path: [String(field)], message: issue.message });
      }
    }
  });

export function saveOf(values: ReportFormValues, paused: boolean): ReportSubscriptionSave {
  return {
    kind: values.kind,
    format: values.format,
    frequency: values.frequency,
    sendToMe: values.sendToMe,
    emails: addressesOf(values.emailsText),
    paused,
  };
}

export function valuesOf(subscription: ReportSubscription | undefined, firstKind: ReportKind): ReportFormValues {
  if (!subscription) return { kind: firstKind, format: 'pdf', frequency: 'weekly', sendToMe: true, emailsText: '' };
  return {
    kind: subscription.kind,
    format: subscription.format,
    frequency: subscription.frequency,
    sendToMe: subscription.sendToMe,
    emailsText: subscription.emails.join(', '),
  };
}

/** The subscription as the form would save it, paused or not: what pausing and resuming send. */
export function withPaused(subscription: ReportSubscription, paused: boolean): ReportSubscriptionSave {
  return { ...saveOf(valuesOf(subscription, subscription.kind), paused) };
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Mon 30/11/2026, 07:00': reports run on London time, whatever the browser's. */
export function londonDateTime(iso: string): string {
  return LONDON.format(new Date(iso));
}
