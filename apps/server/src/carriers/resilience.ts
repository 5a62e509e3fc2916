import {
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  type IPolicy,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from 'cockatiel';

/** How patiently the portal talks to a carrier; tests shrink these (docs/decisions/0085). */
export type ResilienceTimings = {
  /** Longest wait for one call's answer, body included. */
  timeoutMs: number;
  /** Further tries of a call after a transient failure. */
  retries: number;
  /**
   * The same for reads (GETs), which a person waits on: kept shorter, never longer, than those of the changes the
   * worker sends, whose patience costs nobody a spinner (docs/decisions/0131).
   */
  readTimeoutMs?: number;
  readRetries?: number;
  /** First and longest pause before a retry; the pauses grow exponentially, with jitter, in between. */
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** Transient failures in a row that open the circuit, so later calls fail at once instead of piling up. */
  breakAfterFailures: number;
  /** How long an open circuit waits before letting one trial call through (half-open). */
  halfOpenAfterMs: number;
};

export const DEFAULT_RESILIENCE: ResilienceTimings = {
  timeoutMs: 5_000,
  retries: 2,
  // At worst about 5.5 s (two tries of 2.5 s) before a read gives up, against about 16 s for a send.
  readTimeoutMs: 2_500,
  readRetries: 1,
  backoffInitialMs: 250,
  backoffMaxMs: 4_000,
  breakAfterFailures: 5,
  halfOpenAfterMs: 30_000,
};

/** The deployment's read timeout (CARRIER_READ_TIMEOUT_MS), as an override of the default timings. */
export function readTimeoutOf(config: { carrierReadTimeoutMs?: number | undefined }): Partial<ResilienceTimings> {
  return config.carrierReadTimeoutMs === undefined ? {} : { readTimeoutMs: config.carrierReadTimeoutMs };
}

/** No answer, a timeout, a 5xx or throttling: the carrier may well answer if asked again. */
export class TransientCarrierFailure extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TransientCarrierFailure';
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof TransientCarrierFailure || error instanceof TaskCancelledError;
}

export type CarrierPolicy = ReturnType<typeof carrierPolicy>;

/**
 * Retry (outermost) around the circuit breaker around a per-call timeout. Only transient failures are retried or
 * counted by the breaker: a refusal (4xx) is an answer, and asking again would only be refused again. An open
 * circuit's BrokenCircuitError is not retried either, so calls fail fast while the carrier is down. One policy
 * is shared by every call to a carrier so the breaker sees all of them.
 */
export function carrierPolicy(timings: ResilienceTimings) {
  const transient = handleWhen(isTransient);
  const breaker = circuitBreaker(transient, {
    halfOpenAfter: timings.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(timings.breakAfterFailures),
  });
  const retries = (maxAttempts: number) =>
    retry(transient, {
      maxAttempts,
      backoff: new ExponentialBackoff({ initialDelay: timings.backoffInitialMs, maxDelay: timings.backoffMaxMs }),
    });
  // Aggressive: the call is given up at the deadline and its fetch aborted through the signal.
  const deadline = timeout(timings.timeoutMs, TimeoutStrategy.Aggressive);
  const policy: IPolicy = wrap(retries(timings.retries), breaker, deadline);
  const { timeoutMs: readTimeoutMs, retries: readRetries } = readTimings(timings);
  const read: IPolicy = wrap(retries(readRetries), breaker, timeout(readTimeoutMs, TimeoutStrategy.Aggressive));
  // For calls that must not be repeated (starting a line test): the same breaker and deadline, never a retry.
  const once: IPolicy = wrap(breaker, deadline);
  return { policy, read, once, breaker, readTimeoutMs };
}

/** The reads' deadline and retries: as configured, but never more patient than the sends'. */
export function readTimings(timings: ResilienceTimings): { timeoutMs: number; retries: number } {
  return {
    timeoutMs: Math.min(timings.readTimeoutMs ?? timings.timeoutMs, timings.timeoutMs),
    retries: Math.min(timings.readRetries ?? timings.retries, timings.retries),
  };
}
