import {
  type CompanySso,
  type ProfileLevel,
  SSO_MAPPING_LEVELS,
  SSO_MESSAGES,
  type SsoApprovalItem,
  type SsoConnectionSaveSchema,
  type SsoGroupMapping,
} from '@portal/contract';
import type { z } from 'zod';
import type { SecretBox } from '../../auth/secret-box.js';
import { type Actor, recordEvent, writeAs } from '../../db/audit.js';
import { invalidField, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { levelRank } from '../../scope/holdings.js';
import { writeInScope } from '../../scope/scoped-write.js';
import * as sso from './repository.js';

type ConnectionSave = z.output<typeof SsoConnectionSaveSchema>;

const noSuchCompany = () => notFound('No such company');
const noSuchConnection = () => notFound('No such single sign-on connection');

/** What sealed secrets belong to: the connection's company, so a secret copied to another row does not open. */
export const secretOwner = (companyId: number) => `sso-connection:company:${companyId}`;

export type SsoAdminDependencies = {
  box: SecretBox;
  /** Where the provider sends the browser back: the web app's single sign-on page. */
  redirectUri: string;
  allowHttpIssuers: boolean;
};

/**
 * A company's connection to its identity provider, as its Company-level administrators of users set it up, and the
 * approval of the partner's staff (docs/decisions/0208). Every write runs its checks and changes in one transaction
 * and is audited as an sso.* event (the row trigger would copy the sealed secret).
 */
export function ssoAdminService({ box, redirectUri, allowHttpIssuers }: SsoAdminDependencies) {
  async function companySso(scope: EstateScope, companyId: number): Promise<CompanySso> {
    if (!(await sso.isAdministeredCompany(scope, companyId))) throw noSuchCompany();
    const row = await sso.connectionOfCompany(scope, companyId);
    return { connection: row ? sso.viewOf(row) : null, redirectUri };
  }

  async function save(scope: EstateScope, actor: Actor, companyId: number, input: ConnectionSave) {
    if (!allowHttpIssuers && !input.issuer.startsWith('https://')) {
      throw invalidField('issuer', 'https', 'The issuer must be an https:// URL');
    }
    const sealed =
      input.clientSecret === undefined
        ? undefined
        : box.seal(Buffer.from(input.clientSecret, 'utf8'), secretOwner(companyId));
    return writeInScope(scope, actor, async (scope) => {
      if (!(await sso.isAdministeredCompany(scope, companyId))) throw noSuchCompany();
      const existing = await sso.connectionOfCompany(scope, companyId, { lock: true });
      if (!existing && sealed === undefined) {
        throw invalidField('clientSecret', 'required', SSO_MESSAGES.secretRequired);
      }
      const [taken] = await sso.domainsOfOthers(scope, companyId, input.emailDomains);
      if (taken !== undefined) {
        throw invalidField('emailDomains', 'unique', `${taken} already signs in to another company`);
      }
      const groupMappings = await grantableMappings(scope, companyId, input.groupMappings);
      // Who the provider is and whose addresses it speaks for is what the partner approved: a change of either
      // withdraws the approval. A new secret or new mappings do not (the mappings are held to the administrator's
      // own rights below, as a user they saved would be).
      const sameProvider =
        existing !== undefined &&
        existing.issuer === input.issuer &&
        existing.clientId === input.clientId &&
        sameSet(existing.emailDomains, input.emailDomains);
      const approvalWithdrawn = Boolean(existing?.approvedAt) && !sameProvider;
      await sso.writeConnection(
        scope,
        companyId,
        {
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecretSealed: sealed ?? (existing as sso.ConnectionRow).clientSecretSealed,
          emailDomains: input.emailDomains,
          groupMappings,
          approvedAt: sameProvider ? (existing?.approvedAt ?? null) : null,
          approvedByUserId: sameProvider ? undefined : null,
        },
        new Date(),
      );
      await recordEvent(scope.db, {
        action: 'sso.connection_saved',
        actor,
        target: { table: 'sso_connections', key: { company_id: companyId } },
        details: {
          companyId,
          issuer: input.issuer,
          clientId: input.clientId,
          emailDomains: input.emailDomains,
          groups: groupMappings.map((mapping) => mapping.group),
          secretChanged: input.clientSecret !== undefined,
          approvalWithdrawn,
        },
      });
      return companySso(scope, companyId);
    });
  }

  async function remove(scope: EstateScope, actor: Actor, companyId: number): Promise<void> {
    await writeInScope(scope, actor, async (scope) => {
      if (!(await sso.isAdministeredCompany(scope, companyId))) throw noSuchCompany();
      if (await sso.deleteConnection(scope, companyId)) {
        await recordEvent(scope.db, {
          action: 'sso.connection_removed',
          actor,
          target: { table: 'sso_connections', key: { company_id: companyId } },
          details: { companyId },
        });
      }
    });
  }

  return { companySso, save, remove };
}

/** The partner's staff review and approve (or withdraw) their partner's companies' connections. */
export function ssoApprovalService() {
  function list(scope: EstateScope): Promise<SsoApprovalItem[]> {
    return sso.connectionsOfPartner(scope.db, scope.caller.partnerId);
  }

  function decide(scope: EstateScope, actor: Actor, input: { companyId: number; approved: boolean }) {
    return writeAs(scope.db, actor, async (trx) => {
      const { partnerId, userId } = scope.caller;
      const current = await sso.connectionOfPartnerCompany(trx, partnerId, input.companyId);
      if (!current) throw noSuchConnection();
      await sso.setApproval(trx, input.companyId, input.approved ? userId : null, new Date());
      await recordEvent(trx, {
        action: input.approved ? 'sso.connection_approved' : 'sso.approval_withdrawn',
        actor,
        target: { table: 'sso_connections', key: { company_id: input.companyId } },
        details: { companyId: input.companyId, issuer: current.issuer, emailDomains: current.emailDomains },
      });
      const decided = await sso.connectionOfPartnerCompany(trx, partnerId, input.companyId);
      return decided as SsoApprovalItem;
    });
  }

  return { list, decide };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * The mappings as saved, once each gives no more than the administrator holds (docs/decisions/0118): a profile at
 * or below their level, of Company, Site or Team level, whose default functionality they hold, with the sites or
 * teams of its level, all of this company and of their estate.
 */
async function grantableMappings(
  scope: EstateScope,
  companyId: number,
  mappings: readonly SsoGroupMapping[],
): Promise<SsoGroupMapping[]> {
  const checked: SsoGroupMapping[] = [];
  for (const [index, mapping] of mappings.entries()) {
    const field = (name: string) => `groupMappings.${index}.${name}`;
    const profile = await sso.profileWithDefaults(scope.db, mapping.profileId);
    if (!profile) throw invalidField(field('profileId'), 'exists', 'No such profile');
    const level = profile.level as ProfileLevel;
    if (!(SSO_MAPPING_LEVELS as readonly string[]).includes(level)) {
      throw invalidField(field('profileId'), 'group_level', `A ${profile.name} is given to one person, not a group`);
    }
    if (levelRank(level) < levelRank(scope.caller.profile.level)) {
      throw invalidField(field('profileId'), 'not_above_own_level', 'You cannot give a profile above your own level');
    }
    const notHeld = profile.functionality.find((f) => !scope.caller.can(f.code as never, f.access_type as never));
    if (notHeld) {
      throw invalidField(
        field('profileId'),
        'held_by_you',
        `You cannot grant ${notHeld.description} (${notHeld.access_type}), which you do not hold`,
      );
    }
    const siteIds = [...new Set(mapping.siteIds)];
    const teamIds = [...new Set(mapping.teamIds)];
    const wanted = level === 'Site' ? 'siteIds' : level === 'Team' ? 'teamIds' : undefined;
    for (const [list, ids] of [
      ['siteIds', siteIds],
      ['teamIds', teamIds],
    ] as const) {
      if (list !== wanted && ids.length > 0) {
        throw invalidField(
          field(list),
          'not_for_level',
          `A ${profile.name} is not given ${list === 'siteIds' ? 'sites' : 'teams'}`,
        );
      }
    }
    if (wanted) {
      const ids = wanted === 'siteIds' ? siteIds : teamIds;
      const kind = wanted === 'siteIds' ? 'sites' : 'teams';
      if (ids.length === 0) {
        throw invalidField(
          field(wanted),
          'required',
          `A ${profile.name} must be given at least one ${kind.slice(0, -1)}`,
        );
      }
      const found = await sso.groupsOfCompany(scope.db, kind, companyId, ids, scope);
      if (found.length !== ids.length) throw invalidField(field(wanted), 'in_estate', `No such ${kind.slice(0, -1)}`);
    }
    checked.push({ group: mapping.group, profileId: profile.id, siteIds, teamIds });
  }
  return checked;
}
