import { randomUUID } from 'node:crypto';

export type ChangeState = 'pending' | 'completed' | 'rejected';

export type ChangeRequest<Change> = {
  reference: string;
  idempotencyKey: string;
  line: string;
  change: Change;
  state: ChangeState;
  reason: string | null;
  receivedAt: string;
  completedAt: string | null;
};

export type Completion = { outcome: 'completed' } | { outcome: 'rejected'; reason: string };

/**
 * One carrier's change requests: idempotent by the client's key, applied to the line after a delay, as a real
 * carrier confirms a change only later. Kept in memory until the simulator restarts.
 */
export class ChangeRequests<Change> {
  readonly #byReference = new Map<string, ChangeRequest<Change>>();
  readonly #byKey = new Map<string, string>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #received = 0;

  constructor(
    private readonly completionMs: number,
    private readonly referenceOf: () => string = randomUUID,
  ) {}

  /** The request an earlier call with this key made, if any; counts the call as received either way. */
  replay(idempotencyKey: string): ChangeRequest<Change> | undefined {
    this.#received += 1;
    const reference = this.#byKey.get(idempotencyKey);
    return reference === undefined ? undefined : this.#byReference.get(reference);
  }

  /** Stores a new request and completes it after the delay with what `complete` answers then. */
  accept(idempotencyKey: string, line: string, change: Change, complete: () => Completion): ChangeRequest<Change> {
    const request: ChangeRequest<Change> = {
      reference: this.referenceOf(),
      idempotencyKey,
      line,
      change,
      state: 'pending',
      reason: null,
      receivedAt: new Date().toISOString(),
      completedAt: null,
    };
    this.#byReference.set(request.reference, request);
    this.#byKey.set(idempotencyKey, request.reference);
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      const completion = complete();
      request.state = completion.outcome;
      request.reason = completion.outcome === 'rejected' ? completion.reason : null;
      request.completedAt = new Date().toISOString();
    }, this.completionMs);
    // A pending change must not keep a test process or a closing simulator alive.
    timer.unref();
    this.#timers.add(timer);
    return request;
  }

  get(reference: string): ChangeRequest<Change> | undefined {
    return this.#byReference.get(reference);
  }

  /** What the control API shows: every call that asked for a change, and the distinct changes they made. */
  summary() {
    return { received: this.#received, requests: [...this.#byReference.values()] };
  }

  /** Forgets every request and cancels those still pending. */
  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#byReference.clear();
    this.#byKey.clear();
    this.#received = 0;
  }
}
