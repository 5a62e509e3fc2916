import { type AccessType, type Functionality, sortAccessTypes } from '@portal/contract';

export interface AccessRow {
  code: Functionality['code'];
  feature: string;
  accessTypes: AccessType[];
}

/** One row per feature, named by its description, with the access types held in the order Read, Write, Delete. */
export function accessRows(functionality: readonly Functionality[]): AccessRow[] {
  const rows = new Map<Functionality['code'], AccessRow>();
  for (const { code, description, accessType } of functionality) {
    const row = rows.get(code) ?? { code, feature: description, accessTypes: [] };
    if (!row.accessTypes.includes(accessType)) row.accessTypes.push(accessType);
    rows.set(code, row);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, accessTypes: sortAccessTypes(row.accessTypes) }))
    .sort((a, b) => a.feature.localeCompare(b.feature, 'en-GB'));
}
