import type { AlertRule, AlertRuleSave, AlertRuleSaveSchema } from '@portal/contract';
import type { z } from 'zod';
import type { Actor } from '../../db/audit.js';
import { idNotMatchingPath, invalidField, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { writeInScope } from '../../scope/scoped-write.js';
import * as rules from './repository.js';

type CheckedSave = z.output<typeof AlertRuleSaveSchema>;

const noSuchRule = () => notFound('No such spend alert rule');

/** One of the caller's rules, or 404. */
export async function ruleById(scope: EstateScope, ruleId: number): Promise<AlertRule> {
  const [rule] = await rules.rulesByIds(scope, [ruleId]);
  if (!rule) throw noSuchRule();
  return rule;
}

/**
 * Adds (no `ruleId`) or changes a rule (decision 0213), in one audited transaction: its company one of the caller's
 * (named, or their only one), its site, team or mobile device of the caller's estate in that company (404
 * otherwise, as any id of another's), its users ones the caller may see of that company (400 on notifyUserIds).
 */
export async function saveRule(
  scope: EstateScope,
  actor: Actor & { userId: number },
  ruleId: number | undefined,
  input: AlertRuleSave,
): Promise<AlertRule> {
  const save = input as CheckedSave & { id?: number };
  return writeInScope(scope, actor, async (scope) => {
    const companyId = await companyOf(scope, ruleId, save);
    if (save.scope === 'company' && !scope.companyWide) {
      throw invalidField('scope', 'company_level', 'Only a company-level user can watch a whole company');
    }
    if (save.siteId !== undefined && !(await rules.isSiteOfCompany(scope, save.siteId, companyId))) {
      throw notFound('No such site');
    }
    if (save.teamId !== undefined && !(await rules.isTeamOfCompany(scope, save.teamId, companyId))) {
      throw notFound('No such team');
    }
    if (save.endpointId !== undefined && !(await rules.isMobileDeviceOfCompany(scope, save.endpointId, companyId))) {
      throw notFound('No such mobile device');
    }
    const userIds = [...new Set(save.notifyUserIds)];
    const known = await rules.usersOfCompanyAmong(scope, companyId, userIds);
    const unknown = userIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw invalidField('notifyUserIds', 'in_estate', `No such user of the rule's company: ${unknown.join(', ')}`);
    }
    const id = await rules.writeRule(
      scope,
      ruleId,
      {
        companyId,
        name: save.name,
        scope: save.scope,
        siteId: save.siteId ?? null,
        teamId: save.teamId ?? null,
        endpointId: save.endpointId ?? null,
        appliesTo: save.scope === 'device' ? 'total' : save.appliesTo,
        measure: save.measure,
        period: save.period,
        threshold: save.threshold,
        notifyUserIds: userIds,
        notifyEmails: [...new Set(save.notifyEmails.map((address) => address.trim()))],
        action: save.action,
        enabled: save.enabled,
      },
      actor.userId,
    );
    return ruleById(scope, id);
  });
}

/**
 * The company a rule is saved in: for a new rule one of the caller's companies, the one named or their only one
 * (decision 0109's rule for sites); for a change the rule's own, which stays.
 */
async function companyOf(scope: EstateScope, ruleId: number | undefined, save: CheckedSave & { id?: number }) {
  if (ruleId !== undefined) {
    const rule = await rules.findRule(scope, ruleId, { lock: true });
    if (!rule) throw noSuchRule();
    if (save.id !== undefined && save.id !== ruleId) throw idNotMatchingPath();
    if (save.companyId !== undefined && save.companyId !== rule.company_id) {
      throw invalidField('companyId', 'unchanged', 'A rule cannot move to another company');
    }
    return rule.company_id;
  }
  const companies = await rules.estateCompanies(scope);
  if (save.companyId === undefined) {
    if (companies.length === 1) return companies[0] as number;
    throw invalidField('companyId', 'required', 'Please choose a company');
  }
  if (!companies.includes(save.companyId)) throw invalidField('companyId', 'in_estate', 'No such company');
  return save.companyId;
}

/** Deletes one of the caller's rules; the notices it gave stay (their rule becomes null). */
export async function removeRule(scope: EstateScope, actor: Actor, ruleId: number): Promise<void> {
  await writeInScope(scope, actor, async (scope) => {
    if (!(await rules.findRule(scope, ruleId, { lock: true }))) throw noSuchRule();
    await rules.deleteRule(scope, ruleId);
  });
}
