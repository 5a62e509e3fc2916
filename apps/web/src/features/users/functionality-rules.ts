import type { AccessType, Functionality, Permission } from '@portal/contract';

/**
 * The Functionality tab's rules (spec 2.11 and 4), kept apart from the page so they can be tested alone: one row per
 * functionality code with up to three access types, ticks that keep Write and Delete with their Read, and what the
 * administrator may offer at all (decision 0109: only what they hold, or what the user already has).
 */

export const ACCESS_TYPES: readonly AccessType[] = ['Read', 'Write', 'Delete'];

export interface FeatureRow {
  code: string;
  description: string;
  /** The catalogue id of each access type the code has. */
  ids: Partial<Record<AccessType, number>>;
}

/** The catalogue as rows, one per code, in the catalogue's order. */
export function featureRows(catalogue: readonly Functionality[]): FeatureRow[] {
  const rows = new Map<string, FeatureRow>();
  for (const entry of catalogue) {
    const row = rows.get(entry.code) ?? { code: entry.code, description: entry.description, ids: {} };
    row.ids[entry.accessType] = entry.id;
    if (entry.accessType === 'Read') row.description = entry.description;
    rows.set(entry.code, row);
  }
  return [...rows.values()];
}

/**
 * The ids the administrator may tick: those they hold themselves and those the user already had (keeping is no
 * grant, decision 0109). Unticking is always allowed.
 */
export function offerableIds(
  catalogue: readonly Functionality[],
  held: readonly Permission[],
  userHad: readonly number[] = [],
): Set<number> {
  const offerable = new Set(userHad);
  for (const entry of catalogue) {
    if (held.some((p) => p.code === entry.code && p.accessType === entry.accessType)) offerable.add(entry.id);
  }
  return offerable;
}

/**
 * Spec 4: ticking Write or Delete also ticks Read; unticking Read clears Write and Delete. A code without a Read
 * (EndPointSimSwap) has nothing to tick along.
 */
export function setAccess(
  selected: ReadonlySet<number>,
  row: FeatureRow,
  accessType: AccessType,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  const id = row.ids[accessType];
  if (id === undefined) return next;
  if (checked) {
    next.add(id);
    if (accessType !== 'Read' && row.ids.Read !== undefined) next.add(row.ids.Read);
  } else if (accessType === 'Read') {
    for (const type of ACCESS_TYPES) {
      const other = row.ids[type];
      if (other !== undefined) next.delete(other);
    }
  } else {
    next.delete(id);
  }
  return next;
}

/**
 * Whether a checkbox may be ticked: the administrator may offer it, and for Write or Delete its Read too (or the
 * user has the Read already), since ticking it ticks the Read along.
 */
export function canTick(
  row: FeatureRow,
  accessType: AccessType,
  offerable: ReadonlySet<number>,
  selected: ReadonlySet<number>,
): boolean {
  const id = row.ids[accessType];
  if (id === undefined || !offerable.has(id)) return false;
  const read = row.ids.Read;
  return accessType === 'Read' || read === undefined || offerable.has(read) || selected.has(read);
}

/**
 * A click on the feature's name: ticks every access type the administrator may offer when any of those is
 * unticked, otherwise unticks them all. Write or Delete is ticked only with its Read, so an offer of Write without
 * Read (a Read the administrator lacks) ticks nothing the server would refuse.
 */
export function toggleFeature(
  selected: ReadonlySet<number>,
  row: FeatureRow,
  offerable: ReadonlySet<number>,
): Set<number> {
  const mayTick = ACCESS_TYPES.filter((type) => {
    const id = row.ids[type];
    return id !== undefined && (offerable.has(id) || selected.has(id));
  });
  const allTicked = mayTick.every((type) => selected.has(row.ids[type] as number));
  const next = new Set(selected);
  if (allTicked && mayTick.length > 0) {
    for (const type of ACCESS_TYPES) {
      const id = row.ids[type];
      if (id !== undefined) next.delete(id);
    }
    return next;
  }
  for (const type of mayTick) next.add(row.ids[type] as number);
  return withReads(next, [row], offerable);
}

/**
 * A profile's default functionality as the administrator may give it: what they may offer, and Write or Delete
 * only where their Read comes too (the server refuses them alone, `needs_read`).
 */
export function profileDefault(
  defaults: readonly number[],
  rows: readonly FeatureRow[],
  offerable: ReadonlySet<number>,
): Set<number> {
  return withReads(new Set(defaults.filter((id) => offerable.has(id))), rows, offerable);
}

/** Drops Write and Delete whose code has a Read that is not ticked and may not be. */
function withReads(selected: Set<number>, rows: readonly FeatureRow[], offerable: ReadonlySet<number>): Set<number> {
  for (const row of rows) {
    const read = row.ids.Read;
    if (read === undefined || selected.has(read)) continue;
    if (offerable.has(read) && (hasType(selected, row, 'Write') || hasType(selected, row, 'Delete'))) {
      selected.add(read);
      continue;
    }
    for (const type of ['Write', 'Delete'] as const) {
      const id = row.ids[type];
      if (id !== undefined) selected.delete(id);
    }
  }
  return selected;
}

function hasType(selected: ReadonlySet<number>, row: FeatureRow, type: AccessType): boolean {
  const id = row.ids[type];
  return id !== undefined && selected.has(id);
}
