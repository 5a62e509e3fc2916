import {
  REPORT_FORMAT_LABELS,
  REPORT_FREQUENCY_LABELS,
  REPORT_KIND_LABELS,
  type ReportFormat,
  type ReportFrequency,
  type ReportKind,
} from '@portal/contract';
import { automatedSignOff, type ComposedMail } from '../../mail/mailer.js';

/** The e-mail a report comes with: what it is, whose figures, for which period, and where to change or stop it. */
export function reportEmail(input: {
  kind: ReportKind;
  format: ReportFormat;
  frequency: ReportFrequency;
  period: string;
  builtAt: string;
  subscriberName: string;
  companyNames: string[];
  partnerName: string;
  reportsUrl: string;
}): ComposedMail {
  const title = REPORT_KIND_LABELS[input.kind];
  const subject = `${title} report: ${input.period}`;
  const companies = input.companyNames.length === 0 ? 'no company' : input.companyNames.join(', ');
  const lines = [
    'Hello,',
    '',
    `Attached is the ${title} report (${REPORT_FORMAT_LABELS[input.format]}) that ${input.subscriberName} subscribed to`,
    `(${REPORT_FREQUENCY_LABELS[input.frequency].toLowerCase()}).`,
    '',
    `Period: ${input.period}`,
    `Companies: ${companies}`,
    `Built: ${input.builtAt}`,
    '',
    `It holds only what ${input.subscriberName} may see in the portal. Each company's figures are shown and added up`,
    'on their own.',
    '',
    `To change or stop it, ${input.subscriberName} can sign in and open Scheduled reports: ${input.reportsUrl}`,
    '',
    ...automatedSignOff(input.partnerName),
  ];
  return { subject, text: lines.join('\n') };
}
