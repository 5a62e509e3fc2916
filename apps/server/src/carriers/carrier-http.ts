import { BrokenCircuitError, TaskCancelledError } from 'cockatiel';
import type { z } from 'zod';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { currentRequestId } from '../observability/request-context.js';
import { CarrierRefusedError, CarrierUnavailableError } from './mobile-carrier.js';
import { type CarrierPolicy, carrierPolicy, type ResilienceTimings, TransientCarrierFailure } from './resilience.js';

export type Refusal = { code: string; message: string };

export type CarrierHttpOptions = {
  /** The carrier's name, for messages and logs. */
  name: string;
  baseUrl: string;
  /** Authentication and any other header every call carries. */
  headers: Record<string, string>;
  timings: ResilienceTimings;
  /** Reads the carrier's own error body; undefined when it is not in the carrier's shape. */
  refusalOf: (body: unknown) => Refusal | undefined;
};

/**
 * How a call ended, after its retries: answered, refused (a 4xx: an answer too), or not answered, because it timed
 * out or because the carrier could not be reached (no connection, a 5xx, an open circuit, a reply not in its shape).
 */
export type CarrierCallOutcome = 'success' | 'refused' | 'timeout' | 'unreachable';

/** 408 and 429 are the carrier asking to be asked again later, not a refusal of what was asked. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

/**
 * JSON over HTTP to one carrier, every call through its resilience policy, replies checked with zod. Calls are
 * retried when safe: reads are GETs and every change carries the carrier's idempotency key, so a retry after a
 * lost answer changes the line once.
 */
export class CarrierHttp {
  readonly #options: CarrierHttpOptions;
  readonly #policy: CarrierPolicy;
  readonly #outcomeListeners = new Set<(outcome: CarrierCallOutcome) => void>();

  constructor(options: CarrierHttpOptions) {
    this.#options = options;
    this.#policy = carrierPolicy(options.timings);
  }

  /** The circuit breaker, for logging its changes and for tests. */
  get breaker() {
    return this.#policy.breaker;
  }

  /** Tells `listener` how each call ends (the metrics count them); the answer stops telling it. */
  onOutcome(listener: (outcome: CarrierCallOutcome) => void): () => void {
    this.#outcomeListeners.add(listener);
    return () => this.#outcomeListeners.delete(listener);
  }

  /** A read: someone is usually waiting on it, so it gives up sooner than a change (ResilienceTimings). */
  get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return this.#call(path, schema, { method: 'GET' }, this.#policy.read);
  }

  post<T>(path: string, body: unknown, schema: z.ZodType<T>, headers: Record<string, string> = {}): Promise<T> {
    return this.#call(path, schema, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  }

  /**
   * A POST the carrier has no idempotency key for (starting a line test): sent at most once, through the same
   * circuit breaker and deadline, since a retry after a lost answer would start a second test.
   */
  postOnce<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    return this.#call(
      path,
      schema,
      { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      this.#policy.once,
    );
  }

  /**
   * A call whose body is a stream (files from storage): `init` builds it afresh for every attempt, since a stream
   * is read once. Only for calls the carrier treats idempotently, as every other retried call here.
   */
  stream<T>(path: string, schema: z.ZodType<T>, init: () => Promise<RequestInit & { method: 'POST' | 'PUT' }>) {
    return this.#call(path, schema, init);
  }

  async #call<T>(
    path: string,
    schema: z.ZodType<T>,
    request: RequestInit | (() => Promise<RequestInit>),
    policy = this.#policy.policy,
  ): Promise<T> {
    try {
      const answer = await this.#attempt(path, schema, request, policy);
      this.#tell('success');
      return answer;
    } catch (error) {
      this.#tell(outcomeOf(error));
      throw error;
    }
  }

  #tell(outcome: CarrierCallOutcome) {
    for (const listener of this.#outcomeListeners) listener(outcome);
  }

  async #attempt<T>(
    path: string,
    schema: z.ZodType<T>,
    request: RequestInit | (() => Promise<RequestInit>),
    policy: CarrierPolicy['policy'],
  ): Promise<T> {
    const { name, baseUrl, headers } = this.#options;
    const url = `${baseUrl}${path}`;
    // The portal request this call is made for (or the one that stored the request a job sends), so the carrier's
    // logs and ours can be matched.
    const requestId = currentRequestId();
    const traced: Record<string, string> = requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
    try {
      return await policy.execute(async ({ signal }) => {
        const init = typeof request === 'function' ? { ...(await request()), duplex: 'half' as const } : request;
        let response: Response;
        try {
          response = await fetch(url, {
            ...init,
            headers: { accept: 'application/json', ...headers, ...traced, ...(init.headers as Record<string, string>) },
            signal,
          });
        } catch (error) {
          if (signal.aborted) throw error;
          throw new TransientCarrierFailure(`${name} could not be reached`, { cause: error });
        }
        const body: unknown = await response.json().catch(() => undefined);
        if (response.ok) return this.#parse(schema, body, init.method, path);
        if (response.status >= 500 || RETRYABLE_CLIENT_STATUSES.has(response.status)) {
          throw new TransientCarrierFailure(`${name} answered ${response.status} to ${init.method} ${path}`);
        }
        const refusal = this.#options.refusalOf(body) ?? {
          code: `http_${response.status}`,
          message: `${name} answered ${response.status} to ${init.method} ${path}`,
        };
        throw new CarrierRefusedError(refusal.message, refusal.code);
      });
    } catch (error) {
      if (error instanceof CarrierRefusedError || error instanceof CarrierUnavailableError) throw error;
      if (error instanceof BrokenCircuitError) {
        throw new CarrierUnavailableError(`${name} is unavailable: its circuit is open after repeated failures`, {
          cause: error,
        });
      }
      if (error instanceof TaskCancelledError) {
        const deadlineMs = policy === this.#policy.read ? this.#policy.readTimeoutMs : this.#options.timings.timeoutMs;
        throw new CarrierUnavailableError(`${name} did not answer within ${deadlineMs} ms`, { cause: error });
      }
      if (error instanceof TransientCarrierFailure) throw new CarrierUnavailableError(error.message, { cause: error });
      throw error;
    }
  }

  #parse<T>(schema: z.ZodType<T>, body: unknown, method: string | undefined, path: string): T {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    // Not the carrier's documented reply: a fault on its side, so worth trying again later rather than a refusal.
    throw new CarrierUnavailableError(
      `${this.#options.name} answered ${method} ${path} with an unexpected reply: ${parsed.error.issues[0]?.message}`,
      { cause: parsed.error },
    );
  }
}

/** The outcome a call's error stands for: the errors #attempt throws are already the callers'. */
function outcomeOf(error: unknown): CarrierCallOutcome {
  if (error instanceof CarrierRefusedError) return 'refused';
  if (error instanceof CarrierUnavailableError && error.cause instanceof TaskCancelledError) return 'timeout';
  return 'unreachable';
}
