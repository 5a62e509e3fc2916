import type { AuditEntry } from '@portal/contract';

/**
 * Who did it, as the list says it: the user's name; a reseller's staff member's with their reseller, and the
 * customer's user they were viewing the portal as; someone not signed in, or a user since deleted.
 */
export function whoText(entry: AuditEntry): string {
  const name =
    entry.actorName ??
    (entry.actorUserId === null ? 'Not signed in (or the system)' : `A deleted user (#${entry.actorUserId})`);
  const staff = entry.actorPartnerName ? `${name} (${entry.actorPartnerName} staff)` : name;
  if (entry.onBehalfOfUserId === null) return staff;
  return `${staff} as ${entry.onBehalfOfName ?? `a deleted user (#${entry.onBehalfOfUserId})`}`;
}

/** The record's key, as `id 12` or `user_id 3, site_id 4`. */
export function recordText(entry: AuditEntry): string {
  if (!entry.rowKey) return '';
  return Object.entries(entry.rowKey)
    .map(([key, value]) => `${key} ${valueText(value)}`)
    .join(', ');
}

/** One stored value in a line of text. */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export type FieldChange = { field: string; before: string; after: string; changed: boolean };

/**
 * The fields of an entry, before and after, changed ones first: an addition has only after, a removal only before,
 * an event its details as after. `changed` marks a field whose value differs.
 */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rows = fields.map((field) => {
    const was = field in before ? valueText(before[field]) : '';
    const is = field in after ? valueText(after[field]) : '';
    return { field, before: was, after: is, changed: JSON.stringify(before[field]) !== JSON.stringify(after[field]) };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
