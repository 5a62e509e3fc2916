import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What either carrier takes on one fault: the portal sends at most 5 images of 100 MB in all. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 200 * 1024 * 1024;

/** An attachment as a carrier received it: counted and hashed as it streamed past, never kept. */
export type ReceivedAttachment = { filename: string; contentType: string; bytes: number; sha256: string };

/** A fault a carrier accepted, as the control API shows it. */
export type ReceivedFault = {
  faultId: string;
  /** The client's key (Keystone's Idempotency-Key, Skylark's client_reference). */
  clientKey: string;
  line: string;
  fields: Record<string, unknown>;
  attachments: ReceivedAttachment[];
  receivedAt: string;
};

/**
 * One carrier's fault tickets, idempotent by the client's key: a resend answers the first ticket. Kept in memory
 * until the simulator restarts or the control API resets it.
 */
export class ReceivedFaults {
  readonly #byKey = new Map<string, ReceivedFault>();
  #received = 0;
  #sequence = 0;

  constructor(private readonly prefix: string) {}

  /** The ticket an earlier call with this key raised, if any; counts the call either way. */
  replay(clientKey: string): ReceivedFault | undefined {
    this.#received += 1;
    return this.#byKey.get(clientKey);
  }

  raise(clientKey: string, line: string, fields: Record<string, unknown>): ReceivedFault {
    this.#sequence += 1;
    const fault: ReceivedFault = {
      faultId: `${this.prefix}-${String(100000 + this.#sequence)}`,
      clientKey,
      line,
      fields,
      attachments: [],
      receivedAt: new Date().toISOString(),
    };
    this.#byKey.set(clientKey, fault);
    return fault;
  }

  byId(faultId: string): ReceivedFault | undefined {
    return [...this.#byKey.values()].find((fault) => fault.faultId === faultId);
  }

  summary() {
    return { received: this.#received, faults: [...this.#byKey.values()] };
  }

  clear(): void {
    this.#byKey.clear();
    this.#received = 0;
  }
}

/** Reads a stream to its end, counting and hashing it. */
export async function measure(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { bytes, sha256: hash.digest('hex') };
}
