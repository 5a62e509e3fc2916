import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';
import { EntityNameInputSchema, EntityNameSchema, UserEmailAddressInputSchema, UserNameSchema } from '../validation';

// Spend alerts (docs/decisions/0213): an administrator's rule that watches a measure of usage over a period, tells
// people when it is crossed, and may bar the device through its carrier.

/** What a rule watches: a whole company, one of its sites or teams, or one device. */
export const ALERT_SCOPES = ['company', 'site', 'team', 'device'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/** Whether the threshold is for the scope's devices together, or for each device of it on its own. */
export const ALERT_APPLIES_TO = ['total', 'eachDevice'] as const;
export type AlertAppliesTo = (typeof ALERT_APPLIES_TO)[number];

/** cost and roamingCost in pounds (VAT excluded, as usage is), data in megabytes (1,048,576 bytes), calls counted. */
export const ALERT_MEASURES = ['cost', 'data', 'calls', 'roamingCost'] as const;
export type AlertMeasure = (typeof ALERT_MEASURES)[number];

/** A London day, or the bill month (the calendar month an invoice covers). */
export const ALERT_PERIODS = ['day', 'billMonth'] as const;
export type AlertPeriod = (typeof ALERT_PERIODS)[number];

/** What happens to a device that crosses the threshold besides the notice: nothing, or a bar through its carrier. */
export const ALERT_ACTIONS = ['none', 'barData', 'barCalls'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

export const ALERT_SCOPE_LABELS: Record<AlertScope, string> = {
  company: 'Company',
  site: 'Site',
  team: 'Team',
  device: 'Mobile device',
};
export const ALERT_APPLIES_TO_LABELS: Record<AlertAppliesTo, string> = {
  total: 'All devices together',
  eachDevice: 'Each device on its own',
};
export const ALERT_MEASURE_LABELS: Record<AlertMeasure, string> = {
  cost: 'Cost',
  data: 'Data',
  calls: 'Calls',
  roamingCost: 'Roaming cost',
};
/** The threshold field's unit, as the form labels it. */
export const ALERT_MEASURE_UNITS: Record<AlertMeasure, string> = {
  cost: '£',
  data: 'MB',
  calls: 'calls',
  roamingCost: '£',
};
export const ALERT_PERIOD_LABELS: Record<AlertPeriod, string> = { day: 'Each day', billMonth: 'Each bill month' };
export const ALERT_ACTION_LABELS: Record<AlertAction, string> = {
  none: 'Tell people only',
  barData: "Also bar the device's mobile data",
  barCalls: "Also bar the device's chargeable calls",
};

export const ALERT_LIMITS = {
  /** The largest threshold of any measure: £1,000,000, 1,000,000 MB (about 1 TB), a million calls. */
  maxThreshold: 1_000_000,
  maxNotifyUsers: 50,
  maxNotifyEmails: 20,
} as const;

export const SPEND_ALERT_MESSAGES = {
  scopeTargetRequired: 'Choose the site, team or device the rule watches.',
  scopeTargetNotAllowed: 'Only a site, team or device rule names a site, team or device.',
  recipientRequired: 'Choose at least one user or e-mail address to tell.',
  barNeedsDevice: 'A bar acts on one device: choose a device, or "Each device on its own".',
  wholeNumber: 'Enter a whole number.',
  pence: 'Enter an amount in pounds and pence.',
} as const;

const ThresholdSchema = z.number().finite().positive().max(ALERT_LIMITS.maxThreshold);

/** The fields a scope names: exactly the one its kind needs. */
const SCOPE_TARGET = { site: 'siteId', team: 'teamId', device: 'endpointId' } as const;

/** The alert rule form's save. `companyId` may be left out by a caller of one company (as a site's, decision 0109). */
export const AlertRuleSaveSchema = z
  .object({
    name: EntityNameInputSchema,
    companyId: IdSchema.optional(),
    scope: z.enum(ALERT_SCOPES),
    siteId: IdSchema.optional(),
    teamId: IdSchema.optional(),
    endpointId: IdSchema.optional(),
    appliesTo: z.enum(ALERT_APPLIES_TO).default('total'),
    measure: z.enum(ALERT_MEASURES),
    period: z.enum(ALERT_PERIODS),
    threshold: ThresholdSchema,
    notifyUserIds: z.array(IdSchema).max(ALERT_LIMITS.maxNotifyUsers).default([]),
    notifyEmails: z.array(UserEmailAddressInputSchema).max(ALERT_LIMITS.maxNotifyEmails).default([]),
    action: z.enum(ALERT_ACTIONS).default('none'),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, context) => {
    for (const [scope, field] of Object.entries(SCOPE_TARGET) as Array<[AlertScope, keyof typeof rule]>) {
      if (rule.scope === scope && rule[field] === undefined) {
        context.addIssue({ code: 'custom', path: [field], message: SPEND_ALERT_MESSAGES.scopeTargetRequired });
      }
      if (rule.scope !== scope && rule[field] !== undefined) {
        context.addIssue({ code: 'custom', path: [field], message: SPEND_ALERT_MESSAGES.scopeTargetNotAllowed });
      }
    }
    if (rule.notifyUserIds.length + rule.notifyEmails.length === 0) {
      context.addIssue({ code: 'custom', path: ['notifyUserIds'], message: SPEND_ALERT_MESSAGES.recipientRequired });
    }
    if (rule.action !== 'none' && rule.scope !== 'device' && rule.appliesTo !== 'eachDevice') {
      context.addIssue({ code: 'custom', path: ['action'], message: SPEND_ALERT_MESSAGES.barNeedsDevice });
    }
    const money = rule.measure === 'cost' || rule.measure === 'roamingCost';
    if (money && Math.round(rule.threshold * 100) !== rule.threshold * 100) {
      context.addIssue({ code: 'custom', path: ['threshold'], message: SPEND_ALERT_MESSAGES.pence });
    }
    if (!money && !Number.isInteger(rule.threshold)) {
      context.addIssue({ code: 'custom', path: ['threshold'], message: SPEND_ALERT_MESSAGES.wholeNumber });
    }
  });
export type AlertRuleSave = z.input<typeof AlertRuleSaveSchema>;

const NamedTargetSchema = z.object({ id: IdSchema, name: EntityNameSchema });

/** A rule as the list and the form read it. A device, site or team outside the caller's estate is never named. */
export const AlertRuleSchema = z.object({
  id: IdSchema,
  name: EntityNameSchema,
  companyId: IdSchema,
  companyName: NonEmptyStringSchema,
  scope: z.enum(ALERT_SCOPES),
  site: NamedTargetSchema.nullable(),
  team: NamedTargetSchema.nullable(),
  device: NamedTargetSchema.extend({ identifier: NonEmptyStringSchema }).nullable(),
  appliesTo: z.enum(ALERT_APPLIES_TO),
  measure: z.enum(ALERT_MEASURES),
  period: z.enum(ALERT_PERIODS),
  threshold: z.number(),
  notifyUsers: z.array(z.object({ id: IdSchema, userName: UserNameSchema })),
  notifyEmails: z.array(z.string()),
  action: z.enum(ALERT_ACTIONS),
  enabled: z.boolean(),
  /** The latest crossing it fired for, if any. */
  lastFiredAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

// The in-portal notices (docs/decisions/0214): a spend alert's firing tells each portal user it names.

export const NOTIFICATION_KINDS = ['spendAlert'] as const;

/** Where a bar placed by an alert stands: placed and on its way, applied, failed, undo asked for, undone. */
export const NOTIFICATION_BAR_STATES = ['requested', 'applied', 'failed', 'undoRequested', 'undone'] as const;
export type NotificationBarState = (typeof NOTIFICATION_BAR_STATES)[number];

export const NotificationSchema = z.object({
  id: IdSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** One line: "Cost over £50.00 today: Sales team". */
  title: NonEmptyStringSchema,
  /** The figures in words: the measure's value, the threshold, the period and whose they are. */
  body: NonEmptyStringSchema,
  companyName: NonEmptyStringSchema,
  createdAt: IsoDateTimeSchema,
  readAt: IsoDateTimeSchema.nullable(),
  ruleId: IdSchema.nullable(),
  /** The device it is about, when one device crossed (a device rule, or "each device"): null when the reader no longer sees it. */
  device: z.object({ id: IdSchema, name: EntityNameSchema, identifier: NonEmptyStringSchema }).nullable(),
  /** The bar the alert placed on that device, if any. */
  bar: z.object({ kind: z.enum(['data', 'calls']), state: z.enum(NOTIFICATION_BAR_STATES) }).nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
