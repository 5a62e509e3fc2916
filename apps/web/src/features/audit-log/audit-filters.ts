import { AUDIT_ACTION_LABELS, AUDIT_TABLE_LABELS } from '@portal/contract';
import { dateFilterExpression, textFilterExpression } from '../../components/data-table';

/**
 * The list's own filters, kept in the URL beside the table's parameters (`auditFilter.from`, `auditFilter.kind`,
 * ...): outside the table's namespace (`audit.`), whose parameters the table rewrites as its own.
 */
export type AuditFilters = { from: string; to: string; who: string; kind: string; staff: boolean };

export const AUDIT_URL_KEY = 'audit';
const FILTER_KEY = 'auditFilter';
const names = {
  from: `${FILTER_KEY}.from`,
  to: `${FILTER_KEY}.to`,
  who: `${FILTER_KEY}.who`,
  kind: `${FILTER_KEY}.kind`,
  staff: `${FILTER_KEY}.staff`,
} as const;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The kinds of change offered: each event, then each record, as `action:<action>` and `table:<table>`. */
export const AUDIT_KIND_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  ...Object.entries(AUDIT_ACTION_LABELS).map(([action, label]) => ({ value: `action:${action}`, label })),
  ...Object.entries(AUDIT_TABLE_LABELS).map(([table, label]) => ({
    value: `table:${table}`,
    label: `${label} record`,
  })),
];
const KINDS = new Set(AUDIT_KIND_OPTIONS.map((option) => option.value));

/** The filters a URL names; what does not fit (a hand-edited link) is left out. */
export function readAuditFilters(search: URLSearchParams): AuditFilters {
  const date = (name: string) => {
    const value = search.get(name) ?? '';
    return YMD.test(value) ? value : '';
  };
  const kind = search.get(names.kind) ?? '';
  return {
    from: date(names.from),
    to: date(names.to),
    who: (search.get(names.who) ?? '').slice(0, 100),
    kind: KINDS.has(kind) ? kind : '',
    staff: search.get(names.staff) === '1',
  };
}

/** The URL with these filters, back on the list's first page. */
export function writeAuditFilters(search: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string) => (value ? next.set(name, value) : next.delete(name));
  set(names.from, filters.from);
  set(names.to, filters.to);
  set(names.who, filters.who);
  set(names.kind, filters.kind);
  set(names.staff, filters.staff ? '1' : '');
  next.delete(`${AUDIT_URL_KEY}.page`);
  return next;
}

export function isFiltered(filters: AuditFilters): boolean {
  return Boolean(filters.from || filters.to || filters.who.trim() || filters.kind || filters.staff);
}

export const NO_AUDIT_FILTERS: AuditFilters = { from: '', to: '', who: '', kind: '', staff: false };

/** The OData `$filter` of the filters (UK days for the dates), or undefined when nothing filters. */
export function auditFilterExpression(filters: AuditFilters): string | undefined {
  const parts: string[] = [];
  const time = dateFilterExpression(
    'occurredAt',
    { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) },
    'dateTime',
  );
  if (time) parts.push(time);
  const who = textFilterExpression('actorName', filters.who);
  if (who) parts.push(who);
  if (filters.kind) {
    const colon = filters.kind.indexOf(':');
    const field = filters.kind.slice(0, colon) === 'action' ? 'action' : 'tableName';
    parts.push(`${field} eq '${filters.kind.slice(colon + 1).replaceAll("'", "''")}'`);
  }
  if (filters.staff) parts.push('byResellerStaff eq true');
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : parts.map((part) => `(${part})`).join(' and ');
}
