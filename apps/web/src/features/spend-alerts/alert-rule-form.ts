import {
  ALERT_LIMITS,
  type AlertAction,
  type AlertAppliesTo,
  type AlertMeasure,
  type AlertPeriod,
  type AlertRule,
  type AlertRuleSave,
  AlertRuleSaveSchema,
  type AlertScope,
  FIELD_MESSAGES,
  UserEmailAddressInputSchema,
} from '@portal/contract';
import { z } from 'zod';
import { formatNumber } from '../../lib/format';

/** A device as the picker holds it: enough to show its chip without asking again. */
export interface PickedDevice {
  id: number;
  name: string;
  identifier: string;
}

export interface PickedUser {
  id: number;
  userName: string;
}

/** The rule form as typed: selects hold ids as strings ('' before a choice), the threshold as typed. */
export interface AlertRuleFormValues {
  name: string;
  companyId: string;
  scope: AlertScope;
  siteId: string;
  teamId: string;
  device: PickedDevice | null;
  appliesTo: AlertAppliesTo;
  measure: AlertMeasure;
  period: AlertPeriod;
  threshold: string;
  notifyUsers: PickedUser[];
  notifyEmails: string[];
  action: AlertAction;
  enabled: boolean;
}

export type AlertRuleFormField = keyof AlertRuleFormValues;

export const EMPTY_ALERT_RULE_FORM: AlertRuleFormValues = {
  name: '',
  companyId: '',
  scope: 'company',
  siteId: '',
  teamId: '',
  device: null,
  appliesTo: 'total',
  measure: 'cost',
  period: 'day',
  threshold: '',
  notifyUsers: [],
  notifyEmails: [],
  action: 'none',
  enabled: true,
};

export const THRESHOLD_MESSAGES = {
  required: 'Enter the threshold.',
  notANumber: 'Enter the threshold as a number.',
  positive: 'Enter a threshold above 0.',
  tooLarge: `The threshold can be at most ${formatNumber(ALERT_LIMITS.maxThreshold, '1.0-0')}.`,
} as const;

/** Whether the rule can bar: it acts on one device, so only a device rule or one applied to each device on its own. */
export function canBar(values: Pick<AlertRuleFormValues, 'scope' | 'appliesTo'>): boolean {
  return values.scope === 'device' || values.appliesTo === 'eachDevice';
}

/** The threshold as a number, or why it is not one the rule could take. */
function parsedThreshold(typed: string): number | string {
  const text = typed.trim().replace(/^£/, '').replace(/,/g, '');
  if (text === '') return THRESHOLD_MESSAGES.required;
  const value = Number(text);
  if (!Number.isFinite(value)) return THRESHOLD_MESSAGES.notANumber;
  if (value <= 0) return THRESHOLD_MESSAGES.positive;
  if (value > ALERT_LIMITS.maxThreshold) return THRESHOLD_MESSAGES.tooLarge;
  return value;
}

/**
 * The save from the form's values: only the target the scope names, "each device" only where there is more than
 * one device, and a bar only where the rule can bar.
 */
export function alertRuleSave(values: AlertRuleFormValues, companyId: number | undefined): AlertRuleSave {
  const threshold = parsedThreshold(values.threshold);
  const eachDevice = values.scope !== 'device' && values.appliesTo === 'eachDevice';
  return {
    name: values.name,
    ...(companyId === undefined ? {} : { companyId }),
    scope: values.scope,
    ...(values.scope === 'site' && values.siteId !== '' ? { siteId: Number(values.siteId) } : {}),
    ...(values.scope === 'team' && values.teamId !== '' ? { teamId: Number(values.teamId) } : {}),
    ...(values.scope === 'device' && values.device ? { endpointId: values.device.id } : {}),
    appliesTo: eachDevice ? 'eachDevice' : 'total',
    measure: values.measure,
    period: values.period,
    threshold: typeof threshold === 'number' ? threshold : Number.NaN,
    notifyUserIds: values.notifyUsers.map((user) => user.id),
    notifyEmails: values.notifyEmails,
    action: canBar(values) ? values.action : 'none',
    enabled: values.enabled,
  };
}

/** The form field a save's field (as the contract's schema or the server's 400 names it) belongs to. */
export function formFieldOf(saveField: string): AlertRuleFormField | undefined {
  const [head] = saveField.split('.');
  switch (head) {
    case 'endpointId':
      return 'device';
    case 'notifyUserIds':
      return 'notifyUsers';
    case 'companyId':
    case 'name':
    case 'scope':
    case 'siteId':
    case 'teamId':
    case 'appliesTo':
    case 'measure':
    case 'period':
    case 'threshold':
    case 'notifyEmails':
    case 'action':
    case 'enabled':
      return head;
    default:
      return undefined;
  }
}

/**
 * The form's checks are the save's own (AlertRuleSaveSchema, so a rule's rules are written once), its issues moved
 * onto the fields that caused them; the form adds only what the typed values need first: a company chosen where
 * there are several, and a threshold that is a number at all.
 */
export function alertRuleFormSchema(companyShown: boolean) {
  return z.custom<AlertRuleFormValues>().superRefine((values, context) => {
    if (companyShown && values.companyId === '') {
      context.addIssue({ code: 'custom', path: ['companyId'], message: FIELD_MESSAGES.chooseCompany });
    }
    const threshold = parsedThreshold(values.threshold);
    if (typeof threshold === 'string') {
      context.addIssue({ code: 'custom', path: ['threshold'], message: threshold });
    }
    const save = alertRuleSave(values, undefined);
    const seen = new Set<AlertRuleFormField>(typeof threshold === 'string' ? ['threshold'] : []);
    const report = (issues: readonly z.core.$ZodIssue[]) => {
      for (const issue of issues) {
        const field = formFieldOf(issue.path.map(String).join('.'));
        if (field === undefined || seen.has(field)) continue;
        seen.add(field);
        context.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    };
    const checked = AlertRuleSaveSchema.safeParse(save);
    if (checked.success) return;
    report(checked.error.issues);
    // zod runs a schema's rules across fields only once each field is valid: asked again with the refused fields
    // mended, it says the rest (a missing recipient beside a missing name) at the same press of Save.
    const mended = AlertRuleSaveSchema.safeParse(mendedSave(save));
    if (!mended.success) report(mended.error.issues);
  });
}

/** The save with the fields that fail on their own replaced by valid ones, so only the rules across fields are left. */
function mendedSave(save: AlertRuleSave): AlertRuleSave {
  const shape = AlertRuleSaveSchema.shape;
  const threshold = shape.threshold.safeParse(save.threshold).success ? save.threshold : 1;
  return {
    ...save,
    name: shape.name.safeParse(save.name).success ? save.name : 'Rule',
    threshold,
    notifyEmails: (save.notifyEmails ?? []).filter((address) => UserEmailAddressInputSchema.safeParse(address).success),
  };
}

/** The form's values for a saved rule. */
export function alertRuleFormValues(rule: AlertRule): AlertRuleFormValues {
  return {
    name: rule.name,
    companyId: String(rule.companyId),
    scope: rule.scope,
    siteId: rule.site ? String(rule.site.id) : '',
    teamId: rule.team ? String(rule.team.id) : '',
    device: rule.device ? { id: rule.device.id, name: rule.device.name, identifier: rule.device.identifier } : null,
    appliesTo: rule.appliesTo,
    measure: rule.measure,
    period: rule.period,
    threshold: String(rule.threshold),
    notifyUsers: rule.notifyUsers.map((user) => ({ id: user.id, userName: user.userName })),
    notifyEmails: [...rule.notifyEmails],
    action: rule.action,
    enabled: rule.enabled,
  };
}

/** The server's refusals of a save (its 400's details), by form field; the first per field. */
export function serverFieldErrors(body: unknown): Partial<Record<AlertRuleFormField, string>> {
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: unknown[] }).details as Array<{ field?: unknown; message?: unknown }>)
      : [];
  const errors: Partial<Record<AlertRuleFormField, string>> = {};
  for (const detail of details) {
    if (typeof detail.field !== 'string' || typeof detail.message !== 'string') continue;
    const field = formFieldOf(detail.field);
    if (field) errors[field] ??= detail.message;
  }
  return errors;
}
