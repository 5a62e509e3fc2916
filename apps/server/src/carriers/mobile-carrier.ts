import type {
  FirstCarrierBar,
  FirstCarrierMobileDetails,
  SecondCarrierBar,
  SecondCarrierMobileDetails,
  SimRule,
  SpendLimitStatus,
} from '@portal/contract';

// What the portal needs of each mobile carrier, in the portal's own terms (docs/decisions/0080). Each adapter
// translates to its carrier's API and wraps every call in its resilience policy (timeout, retry of transient
// failures, circuit breaker).

/** A line as a carrier knows it: its national number and, for Vertex, the network (supplier) it is on. */
export type CarrierLine = { cli: string; supplierId: number };

/** Where a change stands at the carrier. */
export type CarrierProgress = { state: 'pending' } | { state: 'succeeded' } | { state: 'failed'; reason: string };

/** The carrier refused a request (4xx other than throttling): retrying will not help. */
export class CarrierRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'CarrierRefusedError';
  }
}

/** The carrier could not be reached or answered 5xx/timeout, or its circuit is open: worth trying again later. */
export class CarrierUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CarrierUnavailableError';
  }
}

/** A change to send; `idempotencyKey` (the carrier_requests id) makes a resend change the line only once. */
export type CarrierChange =
  | { kind: 'call_barring'; add: ReadonlyArray<number | string>; remove: ReadonlyArray<number | string> }
  | { kind: 'sim_swap'; simNumber: string }
  | { kind: 'spend_limit_unbar' };

export interface MobileCarrierChanges {
  /** Sends a change; answers the carrier's reference to poll. */
  send(line: CarrierLine, change: CarrierChange, idempotencyKey: string): Promise<{ reference: string }>;
  progress(reference: string): Promise<CarrierProgress>;
}

export interface FirstCarrierAdapter extends MobileCarrierChanges {
  details(line: CarrierLine): Promise<FirstCarrierMobileDetails>;
  spendLimitStatus(line: CarrierLine): Promise<SpendLimitStatus>;
  simRule(): Promise<SimRule>;
  /** The carrier's add-ons of a type, active when the line has them. */
  tariffAddons(line: CarrierLine, type: number, pageSize: number): Promise<FirstCarrierBar[]>;
}

export interface SecondCarrierAdapter extends MobileCarrierChanges {
  details(line: CarrierLine): Promise<SecondCarrierMobileDetails>;
  /** The bars the line's network offers, active when assigned. */
  bars(line: CarrierLine): Promise<SecondCarrierBar[]>;
  simRule(supplierId: number): Promise<SimRule>;
}
