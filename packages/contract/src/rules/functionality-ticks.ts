import type { AccessType } from '../permissions';

/** A functionality catalogue entry as far as the tick rule needs it. */
export interface FunctionalityTick {
  code: string;
  accessType: AccessType;
}

/**
 * Spec 4's tick rule, for the user form and the server alike: Write or Delete of a code comes with the code's Read,
 * where the catalogue has a Read for it at all (EndPointSimSwap, EndPointLiftSpendLimit and BroadbandReportFault
 * are Write only, decision 0116). Returns the first chosen entry that breaks it, or undefined.
 */
export function tickWithoutRead<T extends FunctionalityTick>(
  chosen: readonly T[],
  codesWithRead: ReadonlySet<string>,
): T | undefined {
  const reads = new Set(chosen.filter((entry) => entry.accessType === 'Read').map((entry) => entry.code));
  return chosen.find((entry) => entry.accessType !== 'Read' && codesWithRead.has(entry.code) && !reads.has(entry.code));
}

/** The codes of a catalogue that have a Read entry. */
export function codesWithRead(catalogue: readonly FunctionalityTick[]): Set<string> {
  return new Set(catalogue.filter((entry) => entry.accessType === 'Read').map((entry) => entry.code));
}
