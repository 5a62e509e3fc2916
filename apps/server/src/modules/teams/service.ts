import { ENDPOINT_TYPE, type TeamSave } from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { companyOfSave } from '../../estate/new-record-company.js';
import { invalidField, notFound } from '../../http/errors.js';
import * as teams from './repository.js';

const noSuchTeam = () => notFound('No such team');

/** One of the caller's teams, with `$select` and `$expand=EndPoints` as asked, or 404. */
export async function teamById(scope: EstateScope, teamId: number, options: { $select?: string; $expand?: string }) {
  const team = await teams.findTeam(scope, teamId, options);
  if (!team) throw noSuchTeam();
  return team;
}

/** Adds (no `teamId`) or changes a team: its name and its mobile devices, all of its company (spec 5). */
export async function saveTeam(scope: EstateScope, actor: Actor, teamId: number | undefined, input: TeamSave) {
  const companyId = await companyOfSave(scope, teamId, input, (id) => teams.teamCompany(scope, id), noSuchTeam);
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
  const id = await teams.writeTeam(scope, actor, teamId, { companyId, name: input.name, endpointIds });
  return teamById(scope, id, { $expand: 'EndPoints' });
}

/** Deletes a team; its devices and users leave it, the devices stay (docs/decisions/0110). */
export async function removeTeam(scope: EstateScope, actor: Actor, teamId: number): Promise<void> {
  if (!(await teams.teamCompany(scope, teamId))) throw noSuchTeam();
  await teams.deleteTeam(scope, actor, teamId);
}
