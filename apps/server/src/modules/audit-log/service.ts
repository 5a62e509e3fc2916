import { AUDIT_CSV_COLUMNS, AUDIT_CSV_MAX_ROWS, type AuditEntry, type ODataQuery } from '@portal/contract';
import { stringify } from 'csv-stringify/sync';
import { badRequest, forbidden } from '../../http/errors.js';
import { runODataList } from '../../odata/index.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { entriesByIds, entriesOfCompanies, listEntries } from './repository.js';
import { auditLogResource } from './resource.js';

/** The trail is of whole companies: a site- or team-level user, whatever they hold, would read beyond their estate. */
function requireCompanyLevel(scope: EstateScope) {
  if (!scope.companyWide) {
    throw forbidden("Only a company-level user may read the company's audit log.", { code: 'audit_log_company_level' });
  }
}

export function listAuditLog(scope: EstateScope, query: ODataQuery) {
  requireCompanyLevel(scope);
  return listEntries(scope, query);
}

/** The id query of an export may hold one row more than the cap, to tell a trail past it. */
const exportResource = { ...auditLogResource, maxTop: AUDIT_CSV_MAX_ROWS + 1 };
const ENTRIES_PER_READ = 1000;

/**
 * The entries the list's $filter and $orderby select, all of them (capped: a trail past AUDIT_CSV_MAX_ROWS is
 * refused with 400, asking for a narrower time range, rather than cut short), as CSV in the list's order.
 */
export async function auditLogCsv(scope: EstateScope, query: Pick<ODataQuery, '$filter' | '$orderby'>) {
  requireCompanyLevel(scope);
  const ids = await runODataList({
    db: scope.db,
    baseQuery: entriesOfCompanies(scope),
    resource: exportResource,
    options: { ...query, $select: 'id', $top: String(AUDIT_CSV_MAX_ROWS + 1) },
  });
  if (ids.value.length > AUDIT_CSV_MAX_ROWS) {
    throw badRequest(`The export holds at most ${AUDIT_CSV_MAX_ROWS} entries. Choose a shorter time range.`, {
      code: 'audit_log_export_too_large',
      details: [
        {
          field: '$filter',
          rule: 'max_rows',
          message: `Selects more than ${AUDIT_CSV_MAX_ROWS} entries: choose a shorter time range`,
        },
      ],
    });
  }
  const order = ids.value.map((row) => row.id as number);
  const entries: AuditEntry[] = [];
  for (let start = 0; start < order.length; start += ENTRIES_PER_READ) {
    entries.push(...(await entriesByIds(scope, order.slice(start, start + ENTRIES_PER_READ))));
  }
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const rows = order.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [csvRow(entry)] : [];
  });
  return stringify([[...AUDIT_CSV_COLUMNS], ...rows]);
}

function csvRow(entry: AuditEntry): string[] {
  return [
    entry.occurredAt,
    entry.actorName ?? '',
    entry.actorPartnerName ?? '',
    entry.onBehalfOfName ?? '',
    entry.description,
    entry.tableName,
    entry.operation ?? '',
    entry.action ?? '',
    entry.rowKey ? JSON.stringify(entry.rowKey) : '',
    entry.before ? JSON.stringify(entry.before) : '',
    entry.after ? JSON.stringify(entry.after) : '',
    entry.requestId ?? '',
  ];
}
