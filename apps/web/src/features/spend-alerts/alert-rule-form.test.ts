import { SPEND_ALERT_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  type AlertRuleFormValues,
  alertRuleFormSchema,
  alertRuleSave,
  EMPTY_ALERT_RULE_FORM,
  serverFieldErrors,
  THRESHOLD_MESSAGES,
} from './alert-rule-form';

const valid: AlertRuleFormValues = {
  ...EMPTY_ALERT_RULE_FORM,
  name: 'Van overspend',
  scope: 'device',
  device: { id: 7, name: 'Van 3', identifier: '07700900123' },
  threshold: '5.50',
  notifyUsers: [{ id: 3, userName: 'acme.admin' }],
  action: 'barData',
};

function errorsOf(values: AlertRuleFormValues, companyShown = false): Record<string, string> {
  const result = alertRuleFormSchema(companyShown).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('alertRuleSave', () => {
  it('sends only the target its scope names, and a bar only where it can bar', () => {
    expect(alertRuleSave({ ...valid, siteId: '4' }, undefined)).toEqual({
      name: 'Van overspend',
      scope: 'device',
      endpointId: 7,
      appliesTo: 'total',
      measure: 'cost',
      period: 'day',
      threshold: 5.5,
      notifyUserIds: [3],
      notifyEmails: [],
      action: 'barData',
      enabled: true,
    });
    const site = alertRuleSave({ ...valid, scope: 'site', siteId: '4', appliesTo: 'total' }, 12);
    expect(site).toMatchObject({ companyId: 12, siteId: 4, action: 'none' });
    expect(site).not.toHaveProperty('endpointId');
  });
});

describe('alertRuleFormSchema', () => {
  it('takes a valid rule', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it("puts the contract's refusals on the fields that caused them", () => {
    expect(errorsOf({ ...valid, device: null, notifyUsers: [] })).toEqual({
      device: SPEND_ALERT_MESSAGES.scopeTargetRequired,
      notifyUsers: SPEND_ALERT_MESSAGES.recipientRequired,
    });
    expect(errorsOf({ ...valid, threshold: '5.555' })).toEqual({ threshold: SPEND_ALERT_MESSAGES.pence });
    expect(errorsOf({ ...valid, measure: 'calls', threshold: '2.5' })).toEqual({
      threshold: SPEND_ALERT_MESSAGES.wholeNumber,
    });
    expect(errorsOf({ ...valid, name: '  ' })).toEqual({ name: 'Name is required' });
  });

  it('says every refusal at once, the rules across fields beside a field refused on its own', () => {
    expect(errorsOf({ ...EMPTY_ALERT_RULE_FORM })).toEqual({
      name: 'Name is required',
      threshold: THRESHOLD_MESSAGES.required,
      notifyUsers: SPEND_ALERT_MESSAGES.recipientRequired,
    });
    expect(errorsOf({ ...valid, name: '', device: null })).toEqual({
      name: 'Name is required',
      device: SPEND_ALERT_MESSAGES.scopeTargetRequired,
    });
  });

  it('says what is wrong with a threshold that is not a number in range, once', () => {
    expect(errorsOf({ ...valid, threshold: '' })).toEqual({ threshold: THRESHOLD_MESSAGES.required });
    expect(errorsOf({ ...valid, threshold: 'lots' })).toEqual({ threshold: THRESHOLD_MESSAGES.notANumber });
    expect(errorsOf({ ...valid, threshold: '0' })).toEqual({ threshold: THRESHOLD_MESSAGES.positive });
    expect(errorsOf({ ...valid, threshold: '1000001' })).toEqual({ threshold: THRESHOLD_MESSAGES.tooLarge });
    expect(errorsOf({ ...valid, threshold: '£1,000.50' })).toEqual({});
  });

  it('asks for the company where there are several', () => {
    expect(errorsOf(valid, true)).toEqual({ companyId: 'Please choose a company' });
    expect(errorsOf({ ...valid, companyId: '2' }, true)).toEqual({});
  });

  it('refuses an e-mail address by the users’ e-mail rule', () => {
    expect(Object.keys(errorsOf({ ...valid, notifyEmails: ['not-an-address'] }))).toEqual(['notifyEmails']);
  });
});

describe('serverFieldErrors', () => {
  it("maps the server's 400 details onto the form's fields, the first per field", () => {
    expect(
      serverFieldErrors({
        details: [
          { field: 'endpointId', rule: 'estate', message: 'Not yours' },
          { field: 'notifyEmails.1', rule: 'pattern', message: 'Bad address' },
          { field: 'notifyUserIds.0', rule: 'estate', message: 'Unknown user' },
          { field: 'endpointId', rule: 'other', message: 'Second' },
          { field: 'unknown', rule: 'x', message: 'Dropped' },
        ],
      }),
    ).toEqual({ device: 'Not yours', notifyEmails: 'Bad address', notifyUsers: 'Unknown user' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
