import type { ProfileLevel, SsoGroupMapping } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { type Actor, recordEvent, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { estateScope } from '../../scope/estate-scope.js';
import { userNameTaken, writeUser } from '../users/repository.js';
import * as sso from './repository.js';

/** Who the provider says signed in: its subject, e-mail address (lower case) and groups. */
export type ProviderIdentity = { subject: string; email: string; groups: readonly string[] };

/** Why a provider's user may not sign in, as the audit trail records it. */
export type Refusal = 'other_company' | 'no_group' | 'user_name_unusable' | 'linked_elsewhere';

export type Resolution = { ok: true; userId: number } | { ok: false; reason: Refusal };

/**
 * The portal user the provider's user signs in as (docs/decisions/0208), in one transaction:
 * - one the provider's subject was linked to before, while their estate lies in the connection's company only; a
 *   user the portal made is brought to their groups' mapping again (profile, its functionality, sites or teams);
 * - else the one user of the partner with that e-mail address, linked from now on, if their whole estate lies in
 *   the company (a user of another company, or of two, never signs in through this provider);
 * - else a new user of the company, made from the first mapping whose group they are in, and linked.
 * `unusablePasswordHash` is the password hash of a new user: of a password nobody knows.
 */
export function resolveUser(
  db: Kysely<Database>,
  actor: Actor,
  connection: sso.ConnectionRow,
  identity: ProviderIdentity,
  unusablePasswordHash: string,
): Promise<Resolution> {
  return writeAs(db, actor, async (trx) => {
    const partnerId = await sso.partnerOfCompany(trx, connection.companyId);
    const linked = await sso.linkedIdentity(trx, connection.id, identity.subject);
    if (linked) {
      if (!(await onlyOfCompany(trx, linked.user_id, connection.companyId))) return refuse('other_company');
      if (linked.provisioned) {
        const grant = await grantOf(trx, connection, identity.groups);
        if (!grant) return refuse('no_group');
        await applyGrant(trx, partnerId, linked.user_id, { userName: linked.user_name, email: identity.email }, grant);
      }
      await sso.touchIdentity(trx, connection.id, identity.subject);
      return { ok: true, userId: linked.user_id };
    }

    const sameAddress = await sso.usersWithAddress(trx, partnerId, identity.email);
    if (sameAddress.length > 0) {
      const [only, ...more] = sameAddress;
      if (only === undefined || more.length > 0 || !(await onlyOfCompany(trx, only, connection.companyId))) {
        return refuse('other_company');
      }
      if (await sso.isLinked(trx, connection.id, only)) return refuse('linked_elsewhere');
      await sso.linkIdentity(trx, {
        connectionId: connection.id,
        subject: identity.subject,
        userId: only,
        provisioned: false,
      });
      return { ok: true, userId: only };
    }

    const grant = await grantOf(trx, connection, identity.groups);
    if (!grant) return refuse('no_group');
    const userName = identity.email;
    const scope = scopeOfPartner(trx, partnerId);
    // A username is at most 50 characters and unique (spec 5): an address that cannot be one waits for an administrator.
    if (userName.length > 50 || (await userNameTaken(scope, userName, undefined))) return refuse('user_name_unusable');
    const id = await sso.insertUser(trx, {
      partnerId,
      userName,
      email: identity.email,
      profileId: grant.profileId,
      passwordHash: unusablePasswordHash,
    });
    await applyGrant(trx, partnerId, id, { userName, email: identity.email }, grant);
    await sso.linkIdentity(trx, {
      connectionId: connection.id,
      subject: identity.subject,
      userId: id,
      provisioned: true,
    });
    await recordEvent(trx, {
      action: 'sso.user_provisioned',
      actor,
      target: { table: 'users', key: { id } },
      details: { companyId: connection.companyId, group: grant.group, profileId: grant.profileId },
    });
    return { ok: true, userId: id };
  });
}

const refuse = (reason: Refusal): Resolution => ({ ok: false, reason });

/** Whether everything the user's estate reaches lies in this one company. */
async function onlyOfCompany(trx: Transaction<Database>, userId: number, companyId: number) {
  const companies = await sso.companiesOfUser(trx, userId);
  return companies.length > 0 && companies.every((id) => id === companyId);
}

type Grant = {
  group: string;
  profileId: number;
  functionalityIds: number[];
  companyIds: number[];
  siteIds: number[];
  teamIds: number[];
};

/**
 * What the first mapping whose group the user is in gives, as it stands now: the profile with its default
 * functionality, and the company, or the mapping's sites or teams that are still the company's. None when no
 * mapping matches or what it named is gone.
 */
async function grantOf(
  trx: Transaction<Database>,
  connection: sso.ConnectionRow,
  groups: readonly string[],
): Promise<Grant | undefined> {
  const mapping: SsoGroupMapping | undefined = connection.groupMappings.find((m) => groups.includes(m.group));
  if (!mapping) return undefined;
  const profile = await sso.profileWithDefaults(trx, mapping.profileId);
  if (!profile) return undefined;
  const level = profile.level as ProfileLevel;
  const siteIds =
    level === 'Site'
      ? await sso.groupsOfCompany(trx, 'sites', connection.companyId, mapping.siteIds)
      : ([] as number[]);
  const teamIds =
    level === 'Team'
      ? await sso.groupsOfCompany(trx, 'teams', connection.companyId, mapping.teamIds)
      : ([] as number[]);
  const reaches = level === 'Company' || siteIds.length > 0 || teamIds.length > 0;
  if (!reaches) return undefined;
  return {
    group: mapping.group,
    profileId: profile.id,
    functionalityIds: profile.functionality.map((f) => f.id),
    companyIds: level === 'Company' ? [connection.companyId] : [],
    siteIds,
    teamIds,
  };
}

/** Gives the user the grant's profile, functionality and assignments through Manage Users' own write. */
async function applyGrant(
  trx: Transaction<Database>,
  partnerId: number,
  userId: number,
  who: { userName: string; email: string },
  grant: Grant,
) {
  await writeUser(
    scopeOfPartner(trx, partnerId),
    { id: userId },
    {
      userName: who.userName,
      emailAddress: who.email,
      profileId: grant.profileId,
      functionalityIds: grant.functionalityIds,
      companyIds: grant.companyIds,
      siteIds: grant.siteIds,
      teamIds: grant.teamIds,
      endpointIds: [],
    },
  );
}

/**
 * The scope Manage Users' repository writes through, of nobody in particular: it reads only the partner (whose
 * users and companies these are) and the transaction. Nothing is read through its estate.
 */
function scopeOfPartner(trx: Transaction<Database>, partnerId: number) {
  return estateScope(trx, {
    userId: 0,
    partnerId,
    profile: { id: 0, name: 'single sign-on', level: 'EndPoint' },
    can: () => false,
  });
}
