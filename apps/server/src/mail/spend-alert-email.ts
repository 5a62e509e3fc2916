import type { AlertMeasure, AlertPeriod } from '@portal/contract';
import { automatedSignOff, type ComposedMail, escapeHtml } from './mailer.js';

// The words of a spend alert's crossing (decisions 0213, 0214): the notice's title and body, and the e-mail.

export type Crossing = {
  ruleName: string;
  companyName: string;
  partnerName: string;
  measure: AlertMeasure;
  period: AlertPeriod;
  /** The period's first day, yyyy-mm-dd (London). */
  periodStart: string;
  value: number;
  threshold: number;
  /** Whose figure: the company, a site, a team, or one device (of the rule's scope). */
  scope: { kind: 'company' } | { kind: 'site' | 'team'; name: string };
  device: { name: string; identifier: string } | null;
  bar: 'data' | 'calls' | null;
};

const MEASURE_WORDS: Record<AlertMeasure, string> = {
  cost: 'Cost',
  roamingCost: 'Roaming cost',
  data: 'Data',
  calls: 'Calls',
};

const BAR_WORDS = { data: 'mobile data', calls: 'chargeable calls' } as const;

export function figureOf(measure: AlertMeasure, value: number): string {
  switch (measure) {
    case 'cost':
    case 'roamingCost':
      return `£${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case 'data':
      return `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
    case 'calls':
      return `${value.toLocaleString('en-GB', { maximumFractionDigits: 0 })} ${value === 1 ? 'call' : 'calls'}`;
  }
}

/** "on 27 November 2026" or "in the bill month of November 2026". */
export function periodWords(period: AlertPeriod, periodStart: string): string {
  const date = new Date(`${periodStart}T12:00:00Z`);
  if (period === 'day') {
    return `on ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
  }
  return `in the bill month of ${date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}

/** Whose figure it is, in words: "Jane's phone (07700900123) of the Leeds site of Acme Logistics Ltd". */
export function whoseWords(crossing: Crossing): string {
  const { scope, companyName, device } = crossing;
  const area = scope.kind === 'company' ? companyName : `the ${scope.name} ${scope.kind} of ${companyName}`;
  if (!device) return area;
  return `${device.name} (${device.identifier}) of ${area}`;
}

function shortWhose(crossing: Crossing): string {
  if (crossing.device) return `${crossing.device.name} (${crossing.device.identifier})`;
  if (crossing.scope.kind === 'company') return crossing.companyName;
  return `${crossing.scope.name} ${crossing.scope.kind}`;
}

/** The notice's title: "Cost over £50.00 on 27 November 2026: Sales team". */
export function crossingTitle(crossing: Crossing): string {
  return `${MEASURE_WORDS[crossing.measure]} over ${figureOf(crossing.measure, crossing.threshold)} ${periodWords(
    crossing.period,
    crossing.periodStart,
  )}: ${shortWhose(crossing)}`;
}

/** The notice's body: the figure, the threshold, the period, whose, the rule and any bar. */
export function crossingBody(crossing: Crossing): string {
  const measure = MEASURE_WORDS[crossing.measure];
  const sentences = [
    `${measure} of ${whoseWords(crossing)} reached ${figureOf(crossing.measure, crossing.value)} ${periodWords(
      crossing.period,
      crossing.periodStart,
    )}, over the threshold of ${figureOf(crossing.measure, crossing.threshold)} set by the spend alert "${crossing.ruleName}".`,
  ];
  if (crossing.bar && crossing.device) {
    sentences.push(`The device's ${BAR_WORDS[crossing.bar]} is being barred through its carrier.`);
  }
  return sentences.join(' ');
}

/** The e-mail of a crossing, to one recipient, linking to the portal's notifications page. */
export function spendAlertEmail(crossing: Crossing, notificationsUrl: string): ComposedMail {
  const subject = `Spend alert: ${crossingTitle(crossing)}`;
  const body = crossingBody(crossing);
  const undo = crossing.bar
    ? 'You can see the alert, and lift the bar if you have the right to, on the notifications page of the portal:'
    : 'You can see the alert on the notifications page of the portal:';
  const text = ['Hello,', '', body, '', undo, notificationsUrl, '', ...automatedSignOff(crossing.partnerName)].join(
    '\n',
  );
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f1f1f;">
<p>Hello,</p>
<p>${e(body)}</p>
<table style="border-collapse: collapse;" role="presentation">
<tr><td style="padding: 2px 12px 2px 0;">Whose</td><td><strong>${e(whoseWords(crossing))}</strong></td></tr>
<tr><td style="padding: 2px 12px 2px 0;">${e(MEASURE_WORDS[crossing.measure])}</td><td><strong>${e(figureOf(crossing.measure, crossing.value))}</strong></td></tr>
<tr><td style="padding: 2px 12px 2px 0;">Threshold</td><td>${e(figureOf(crossing.measure, crossing.threshold))}</td></tr>
<tr><td style="padding: 2px 12px 2px 0;">Period</td><td>${e(periodWords(crossing.period, crossing.periodStart).replace(/^(on|in) /, ''))}</td></tr>
${crossing.bar && crossing.device ? `<tr><td style="padding: 2px 12px 2px 0;">Bar</td><td>${e(BAR_WORDS[crossing.bar])}</td></tr>` : ''}
</table>
<p>${e(undo)} <a href="${e(notificationsUrl)}">${e(notificationsUrl)}</a></p>
<p>Kind regards,<br>${e(crossing.partnerName)}</p>
<p style="font-size: 12px; color: #5f5f5f;">This is an automated message. Please do not reply to this e-mail.</p>
</body>
</html>
`;
  return { subject, text, html };
}
