import type {
  ApiFamily,
  BroadbandCarrierEntry,
  CarrierEntry,
  CarrierKind,
  CarrierRegistry,
  MobileCarrierEntry,
} from '../../carriers/registry';
import type { OperationArea } from '../../operation';
import { broadbandDiagnosticsOperations, faultReportOperations } from './broadband-diagnostics';
import { mobileFirstOperations } from './mobile-first';
import { mobileSecondOperations } from './mobile-second';

/**
 * The carriers' operations, generated from the registry (docs/decisions/0165): each API family is a factory of one
 * carrier's operations below its path segment, and each carrier area holds one set per registry entry of its kind,
 * under the entry's key (`mobileDevice.halo.details`). A carrier on an existing family is therefore one registry entry.
 */

/** The operations a carrier of each family gets (one type for all carriers of a family). */
export type MobileFirstOperations = ReturnType<typeof mobileFirstOperations>;
export type MobileSecondOperations = ReturnType<typeof mobileSecondOperations>;
export type BroadbandDiagnosticsOperations = ReturnType<typeof broadbandDiagnosticsOperations>;
export type FaultReportOperations = ReturnType<typeof faultReportOperations>;

/** The operations a registry entry gets from its family. */
export type FamilyOperations<E extends CarrierEntry> = E extends { family: 'mobileFirst' }
  ? MobileFirstOperations
  : E extends { family: 'mobileSecond' }
    ? MobileSecondOperations
    : BroadbandDiagnosticsOperations;

type EntryOfFamily<F extends ApiFamily> = Extract<CarrierEntry, { family: F }>;

const FAMILY_OPERATIONS: { readonly [F in ApiFamily]: (entry: EntryOfFamily<F>) => OperationArea } = {
  mobileFirst: mobileFirstOperations,
  mobileSecond: mobileSecondOperations,
  broadbandDiagnostics: broadbandDiagnosticsOperations,
};

/** A registry's keys of one kind of carrier. */
export type KeysOfKind<R extends CarrierRegistry, K extends CarrierKind> = {
  [C in keyof R]: R[C] extends { kind: K } ? C : never;
}[keyof R] &
  string;

export type MobileDeviceArea<R extends CarrierRegistry> = {
  readonly [K in KeysOfKind<R, 'mobile'>]: FamilyOperations<R[K]>;
};
export type BroadbandDiagnosticsArea<R extends CarrierRegistry> = {
  readonly [K in KeysOfKind<R, 'broadband'>]: FamilyOperations<R[K]>;
};
export type FaultReportArea<R extends CarrierRegistry> = {
  readonly [K in KeysOfKind<R, 'broadband'>]: FaultReportOperations;
};

/*#__NO_SIDE_EFFECTS__*/
function perCarrier<E extends CarrierEntry>(
  registry: CarrierRegistry,
  isKind: (entry: CarrierEntry) => entry is E,
  operationsOf: (entry: E) => OperationArea,
) {
  return Object.fromEntries(
    Object.entries(registry).flatMap(([key, entry]) => (isKind(entry) ? [[key, operationsOf(entry)]] : [])),
  );
}

const isMobile = (entry: CarrierEntry): entry is MobileCarrierEntry => entry.kind === 'mobile';
const isBroadband = (entry: CarrierEntry): entry is BroadbandCarrierEntry => entry.kind === 'broadband';
const familyOperationsOf = (entry: CarrierEntry) =>
  (FAMILY_OPERATIONS[entry.family] as (entry: CarrierEntry) => OperationArea)(entry);

/**
 * Generates a carrier area once per registry, so the server routing a registry gets the very declarations the
 * operation table holds for it.
 */
/*#__NO_SIDE_EFFECTS__*/
function oncePerRegistry<A>(generate: (registry: CarrierRegistry) => A): (registry: CarrierRegistry) => A {
  const generated = new WeakMap<CarrierRegistry, A>();
  return (registry) => {
    const known = generated.get(registry);
    if (known) return known;
    const area = generate(registry);
    generated.set(registry, area);
    return area;
  };
}

const mobileDeviceArea = /*#__PURE__*/ oncePerRegistry((registry) =>
  perCarrier(registry, isMobile, familyOperationsOf),
);
const broadbandDiagnosticsArea = /*#__PURE__*/ oncePerRegistry((registry) =>
  perCarrier(registry, isBroadband, familyOperationsOf),
);
const faultReportArea = /*#__PURE__*/ oncePerRegistry((registry) =>
  perCarrier(registry, isBroadband, faultReportOperations),
);

/** The device page's carrier calls: each mobile carrier's operations, by its registry key. */
/*#__NO_SIDE_EFFECTS__*/
export function mobileDeviceOperationsOf<const R extends CarrierRegistry>(registry: R): MobileDeviceArea<R> {
  return mobileDeviceArea(registry) as MobileDeviceArea<R>;
}

/** The diagnostics dialog's and contract page's calls: each broadband carrier's operations, by its registry key. */
/*#__NO_SIDE_EFFECTS__*/
export function broadbandDiagnosticsOperationsOf<const R extends CarrierRegistry>(
  registry: R,
): BroadbandDiagnosticsArea<R> {
  return broadbandDiagnosticsArea(registry) as BroadbandDiagnosticsArea<R>;
}

/** Each broadband carrier's fault report, by its registry key. */
/*#__NO_SIDE_EFFECTS__*/
export function faultReportOperationsOf<const R extends CarrierRegistry>(registry: R): FaultReportArea<R> {
  return faultReportArea(registry) as FaultReportArea<R>;
}
