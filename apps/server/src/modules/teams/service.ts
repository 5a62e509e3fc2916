import { ENDPOINT_TYPE, type TeamSave } from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import { invalidField, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { holdsTeam } from '../../scope/holdings.js';
import { companyOfSave } from '../../scope/new-record-company.js';
import { writeInScope } from '../../scope/scoped-write.js';
import * as teams from './repository.js';

const noSuchTeam = () => notFound('No such team');

/** One of the caller's teams, with `$select` and `$expand=EndPoints` as asked, or 404. */
export async function teamById(scope: EstateScope, teamId: number, options: { $select?: string; $expand?: string }) {
  const team = await teams.findTeam(scope, teamId, options);
  if (!team) throw noSuchTeam();
  return team;
}

/**
 * Adds (no `teamId`) or changes a team: its name and its mobile devices, all of its company (spec 5). The checks
 * and the change are one transaction; a team changed must hold only the caller's devices (decision 0118).
 */
export async function saveTeam(scope: EstateScope, actor: Actor, teamId: number | undefined, input: TeamSave) {
  return writeInScope(scope, actor, async (scope) => {
    const companyId = await companyOfSave(scope, teamId, input, (id) => heldTeam(scope, id), noSuchTeam);
    const endpointIds = [...new Set(input.endPoints.map((endpoint) => endpoint.id))];
    const found = await teams.endpointsAmong(scope, endpointIds);
    // A device outside the caller's estate is refused like one that does not exist (decision 0109).
    if (found.length !== endpointIds.length) throw invalidField('endPoints', 'in_estate', 'No such mobile device');
    if (found.some((endpoint) => endpoint.endpoint_type_id !== ENDPOINT_TYPE.mobile)) {
      throw invalidField('endPoints', 'mobile_device', 'Teams group mobile devices only');
    }
    if (found.some((endpoint) => endpoint.company_id !== companyId)) {
      throw invalidField('endPoints', 'same_company', "A device is of another company than the team's");
    }
    // Below Company level a team is seen through one's own devices: one with none would leave the caller's estate.
    if (!scope.companyWide && endpointIds.length === 0) {
      throw invalidField('endPoints', 'required', 'Keep at least one of your devices in the team');
    }
    const id = await teams.writeTeam(scope, teamId, { companyId, name: input.name, endpointIds });
    return teamById(scope, id, { $expand: 'EndPoints' });
  });
}

/** Deletes a team; its devices and users leave it, the devices stay (docs/decisions/0110). */
export async function removeTeam(scope: EstateScope, actor: Actor, teamId: number): Promise<void> {
  await writeInScope(scope, actor, async (scope) => {
    if (!(await heldTeam(scope, teamId))) throw noSuchTeam();
    await teams.deleteTeam(scope, teamId);
  });
}

/**
 * The company of one of the caller's teams, its row locked for the transaction, once the caller holds every
 * device in it; undefined (404) when it is not in their estate at all.
 */
async function heldTeam(scope: EstateScope, teamId: number) {
  const team = await teams.teamCompany(scope, teamId, { lock: true });
  if (team && !(await holdsTeam(scope, teamId))) {
    throw invalidField('id', 'within_your_estate', 'This team also holds devices outside your estate');
  }
  return team;
}
