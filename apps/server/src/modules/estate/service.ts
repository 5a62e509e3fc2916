import {
  type ChangeEndpointName,
  type ChangeEndpointSite,
  type ChangeEndpointTeams,
  ENDPOINT_TYPE,
  type EndpointDetail,
  type EndpointListItem,
  type EndpointTypeId,
  LINE_WRITE_CODES,
  type ODataQuery,
  type OdataList,
} from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import * as endpoints from './repository.js';

const noSuchEndpoint = () => notFound('No such endpoint');

/** A page of the caller's lines. The type filter, when given, guarantees the narrowed endPointTypeId. */
export async function endpointList(
  scope: EstateScope,
  selection: endpoints.LineSelection,
  options: ODataQuery,
): Promise<OdataList<EndpointListItem>> {
  return (await endpoints.listEndpoints(scope, selection, options)) as OdataList<EndpointListItem>;
}

/** The lines on a site of the caller's estate; a site outside it is not found. */
export async function endpointsOfSite(scope: EstateScope, type: EndpointTypeId, siteId: number, options: ODataQuery) {
  if (!(await endpoints.findSite(scope, siteId))) throw notFound('No such site');
  return endpointList(scope, { type, siteId }, options);
}

/** The mobile devices in a team of the caller's estate; a team outside it is not found. */
export async function devicesOfTeam(scope: EstateScope, teamId: number, options: ODataQuery) {
  if ((await endpoints.findTeams(scope, [teamId])).length === 0) throw notFound('No such team');
  return endpointList(scope, { type: ENDPOINT_TYPE.mobile, teamId }, options);
}

export async function endpointById(scope: EstateScope, id: number): Promise<EndpointDetail> {
  const row = await endpoints.findEndpoint(scope, id);
  if (!row) throw noSuchEndpoint();
  const teams = await endpoints.teamsOfEndpoints(scope, [id]);
  return toDetail(row, teams.get(id) ?? []);
}

export async function changeName(scope: EstateScope, actor: Actor, id: number, input: ChangeEndpointName) {
  await editableEndpoint(scope, id, input.id);
  await endpoints.renameEndpoint(scope, actor, id, input.name);
  return endpointById(scope, id);
}

export async function changeSite(scope: EstateScope, actor: Actor, id: number, input: ChangeEndpointSite) {
  const line = await editableEndpoint(scope, id, input.id);
  const site = await endpoints.findSite(scope, input.siteId);
  if (!site) throw notFound('No such site');
  if (site.company_id !== line.company_id) throw otherCompany('siteId', 'The site is of another company');
  await endpoints.moveEndpoint(scope, actor, id, site.id);
  return endpointById(scope, id);
}

export async function changeTeams(scope: EstateScope, actor: Actor, id: number, input: ChangeEndpointTeams) {
  const line = await editableEndpoint(scope, id, input.id);
  if (line.endpoint_type_id !== ENDPOINT_TYPE.mobile) {
    throw badRequest('Teams group mobile devices only', {
      details: [{ field: 'id', rule: 'mobile_device', message: 'Teams group mobile devices only' }],
    });
  }
  const teamIds = [...new Set(input.teamIds)];
  const teams = await endpoints.findTeams(scope, teamIds);
  if (teams.length !== teamIds.length) throw notFound('No such team');
  if (teams.some((team) => team.company_id !== line.company_id)) {
    throw otherCompany('teamIds', 'A team is of another company');
  }
  const outcome = await endpoints.setEndpointTeams(scope, actor, { id, companyId: line.company_id }, teamIds);
  if (outcome === 'leaves-estate') {
    const message = 'The device would leave your estate: keep it in at least one of your teams';
    throw badRequest(message, { details: [{ field: 'teamIds', rule: 'keeps_in_estate', message }] });
  }
  return endpointById(scope, id);
}

/**
 * The line an edit names, once the caller may edit it: in their estate (404), with Write on an estate code of its
 * kind (403), and named the same in the body as in the path (400).
 */
async function editableEndpoint(scope: EstateScope, pathId: number, bodyId: number) {
  const line = await endpoints.findEndpoint(scope, pathId);
  if (!line) throw noSuchEndpoint();
  const codes = LINE_WRITE_CODES[line.endpoint_type_id as EndpointTypeId];
  if (!codes.some((code) => scope.caller.can(code, 'Write'))) {
    throw forbidden(`Editing this line needs Write on one of: ${codes.join(', ')}`);
  }
  if (bodyId !== pathId) {
    throw badRequest('The body names another endpoint than the path', {
      details: [{ field: 'id', rule: 'matches_path', message: 'Must be the id in the path' }],
    });
  }
  return line;
}

function otherCompany(field: 'siteId' | 'teamIds', message: string) {
  return badRequest(message, { details: [{ field, rule: 'same_company', message: `${message} than the line's` }] });
}

function toDetail(row: endpoints.EndpointRow, teams: ReadonlyArray<{ id: number; name: string }>): EndpointDetail {
  return {
    id: row.id,
    name: row.name,
    identifier: row.identifier,
    endPointTypeId: row.endpoint_type_id as EndpointTypeId,
    product: row.product,
    supplierId: row.supplier_id,
    carrierId: row.carrier_id,
    productLineId: row.product_line_id,
    company: { id: row.company_id, name: row.company_name },
    site: row.site_id !== null && row.site_name !== null ? { id: row.site_id, name: row.site_name } : null,
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
  };
}
