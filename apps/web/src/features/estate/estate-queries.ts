import { ODATA_COUNT_KEY, operationPath, SiteListItemSchema, siteOperations, teamOperations } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';
import { apiQueryKey } from '../../api/query-cache';
import { fetchAllRows, type IdName } from '../../components/data-table';
import { ESTATE_GROUPS, type EstateGroupKind } from './estate-groups';

/** The number of lines (devices or contracts) of a site or team: the cheap count of spec 7 (`$count=true&$top=0`). */
export function lineCountQuery(kind: EstateGroupKind, id: number) {
  return queryOptions({
    ...operationQuery(ESTATE_GROUPS[kind].lines, { params: { id }, query: { $count: 'true', $top: '0' } }),
    select: (list) => list[ODATA_COUNT_KEY] ?? 0,
  });
}

/** A site's or team's id and name, for its page's heading; a 404 says it is not in the caller's estate. */
export function estateGroupQuery(kind: EstateGroupKind, id: number) {
  return operationQuery(ESTATE_GROUPS[kind].get, { params: { id }, query: { $select: 'id,name' } });
}

/** A choice of a site or team selector, with its company: a device moves only within its own company. */
export interface CompanyOption extends IdName {
  companyId: number | undefined;
}

function optionsQuery(operation: typeof siteOperations.list | typeof teamOperations.list) {
  const query = { select: ['id', 'name', 'companyId'], orderby: 'name asc' };
  const path = operationPath(operation, { query: { $select: 'id,name,companyId', $orderby: 'name asc' } });
  return queryOptions({
    queryKey: apiQueryKey(path, 'all'),
    queryFn: ({ signal }) =>
      fetchAllRows({
        operation,
        query,
        signal,
        // Sites and teams share the fields asked for.
        parseRow: (raw): CompanyOption => {
          const row = SiteListItemSchema.parse(raw);
          return { id: row.id ?? 0, name: row.name ?? '', companyId: row.companyId };
        },
      }),
  });
}

/**
 * Every site and team (broadband lines have no teams) of the caller's estate with its company: the choices of the inline editors. Only asked for
 * when the caller may edit (Write on an estate code lets them read both, decision 0078): a 403 would end the session.
 */
export function useEditOptions(enabled: boolean, withTeams: boolean) {
  const sites = useQuery({ ...optionsQuery(siteOperations.list), enabled });
  const teams = useQuery({ ...optionsQuery(teamOperations.list), enabled: enabled && withTeams });
  return { sites: sites.data ?? [], teams: teams.data ?? [] };
}
