import type { Readable } from 'node:stream';

// What the portal needs of each broadband carrier's fault desk, in the portal's own terms (docs/decisions/0100).
// The carrier's one adapter (keystone/, skylark/) raises faults over the same CarrierHttp as its diagnostics
// (timeout, retry of transient failures, circuit breaker); every call is idempotent by the portal's key, so a
// resend after a lost answer raises one fault.

/** An image to attach, read from storage afresh for every attempt. */
export type FaultImage = { fileName: string; contentType: string; sizeBytes: number; open: () => Promise<Readable> };

/** A stored fault report as the carriers are told it. */
export type FaultToRaise = {
  /** The line's number, as both carriers identify lines. */
  lineRef: string;
  /** The portal's reference (FR-000042), quoted to the carrier. */
  reference: string;
  faultType: string;
  description: string;
  startedOn: string;
  speedTestResultIds: readonly string[];
  contactName: string;
  contactNumber: string;
  frequency: string;
  routerType: string;
  checklist: {
    routerRebooted: boolean;
    microfiltersSwapTest: boolean;
    masterSocketTest: boolean;
    nonAdslEquipmentRemoved: boolean;
  };
  images: readonly FaultImage[];
};

export interface BroadbandFaultCarrier {
  /** The carrier's name, for events and logs. */
  readonly name: string;
  /** Raises the fault with its images; answers the carrier's own reference. */
  raise(fault: FaultToRaise, idempotencyKey: string): Promise<{ reference: string }>;
}
