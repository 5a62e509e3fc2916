import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { CARRIERS, type Carrier } from './carriers.js';
import type { LatencyRange } from './config.js';

// 'slow' waits before the carrier does anything; 'late' does the work at once and holds only the answer back, so
// a client that gave up on a change finds it made (and its resend must not repeat it). 'reject' leaves reads
// alone: the carrier refuses changes, and requests it had accepted complete as refused.
export const FAULT_MODES = ['none', 'error', 'timeout', 'slow', 'late', 'reject'] as const;

export const FaultRequestSchema = z.strictObject({
  mode: z.enum(FAULT_MODES),
  /** Extra delay before the answer; for 'slow' and 'late' it defaults to SLOW_DEFAULT_LATENCY_MS. */
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** How many calls suffer the fault before it clears itself; absent means until reset. */
  times: z.number().int().min(1).max(100_000).optional(),
});
export type FaultRequest = z.infer<typeof FaultRequestSchema>;

export type ActiveFault = { mode: Exclude<FaultRequest['mode'], 'none'>; latencyMs: number; remaining: number | null };
export type FaultState = ActiveFault | { mode: 'none' };

export const SLOW_DEFAULT_LATENCY_MS = 3_000;
// A hung call is dropped after this long even if the client never gives up, so no socket is held forever.
export const HANG_LIMIT_MS = 5 * 60_000;

/** Which carrier is failing and how; carrier routes consult it on every call through `hook(carrier)`. */
export class FaultInjector {
  readonly #faults = new Map<Carrier, ActiveFault>();
  readonly #lateAnswers = new WeakMap<FastifyRequest, number>();
  readonly #shutdown = new AbortController();
  readonly #baseLatency: Record<Carrier, LatencyRange>;
  readonly #random: () => number;

  constructor(baseLatency: Record<Carrier, LatencyRange>, random: () => number = Math.random) {
    this.#baseLatency = baseLatency;
    this.#random = random;
  }

  set(carrier: Carrier, request: FaultRequest): FaultState {
    if (request.mode === 'none') {
      this.#faults.delete(carrier);
      return { mode: 'none' };
    }
    const fault: ActiveFault = {
      mode: request.mode,
      latencyMs:
        request.latencyMs ?? (request.mode === 'slow' || request.mode === 'late' ? SLOW_DEFAULT_LATENCY_MS : 0),
      remaining: request.times ?? null,
    };
    this.#faults.set(carrier, fault);
    return { ...fault };
  }

  reset(): void {
    this.#faults.clear();
  }

  state(carrier: Carrier): FaultState {
    const fault = this.#faults.get(carrier);
    return fault ? { ...fault } : { mode: 'none' };
  }

  all(): Record<Carrier, FaultState> {
    return Object.fromEntries(CARRIERS.map((carrier) => [carrier, this.state(carrier)])) as Record<Carrier, FaultState>;
  }

  /** The fault this call suffers, counting it against `times`; a 'reject' fault only counts refused changes. */
  take(carrier: Carrier): ActiveFault | undefined {
    const fault = this.#faults.get(carrier);
    if (!fault || fault.mode === 'reject') return undefined;
    this.#count(carrier, fault);
    return { ...fault };
  }

  /** Whether the carrier refuses this change, counting it against `times`. */
  refusesChange(carrier: Carrier): boolean {
    const fault = this.#faults.get(carrier);
    if (fault?.mode !== 'reject') return false;
    this.#count(carrier, fault);
    return true;
  }

  /** Whether a change the carrier had accepted completes as refused; it does not count against `times`. */
  failsAcceptedChanges(carrier: Carrier): boolean {
    return this.#faults.get(carrier)?.mode === 'reject';
  }

  /** An onRequest hook for a carrier's routes: base latency, then the active fault, if any. */
  hook(carrier: Carrier): onRequestAsyncHookHandler {
    return (request, reply) => this.apply(carrier, request, reply);
  }

  /** An onSend hook for a carrier's routes: holds a 'late' call's answer back after its route has run. */
  lateAnswerHook(): onSendAsyncHookHandler {
    return async (request, _reply, payload) => {
      const lateBy = this.#lateAnswers.get(request);
      if (lateBy === undefined) return payload;
      this.#lateAnswers.delete(request);
      await delay(lateBy, undefined, { signal: this.#shutdown.signal }).catch(() => undefined);
      return payload;
    };
  }

  /** Answers the call itself (503, or no answer at all) when a fault says so; otherwise lets the route run. */
  async apply(carrier: Carrier, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const fault = this.take(carrier);
    if (fault) request.log.info({ carrier, fault }, 'injecting carrier fault');
    const late = fault?.mode === 'late';
    if (late) this.#lateAnswers.set(request, fault.latencyMs);
    try {
      await delay(this.#baseDelay(carrier) + (late ? 0 : (fault?.latencyMs ?? 0)), undefined, {
        signal: this.#shutdown.signal,
      });
    } catch {
      return reply.code(503).send(serviceUnavailable('The carrier simulator is shutting down'));
    }
    if (fault?.mode === 'error') {
      return reply.code(503).send(serviceUnavailable(`Injected fault: ${carrier} is unavailable`));
    }
    if (fault?.mode === 'timeout') {
      await this.#hang(request, reply);
      return reply;
    }
    return undefined;
  }

  /** Lets go of every delayed or hung call so the server can close. */
  releaseAll(): void {
    this.#shutdown.abort();
  }

  #count(carrier: Carrier, fault: ActiveFault): void {
    if (fault.remaining === null) return;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#faults.delete(carrier);
  }

  #baseDelay(carrier: Carrier): number {
    const range = this.#baseLatency[carrier];
    if (!range) throw new Error(`No simulated carrier '${carrier}'`);
    const { minMs, maxMs } = range;
    return Math.round(minMs + this.#random() * (maxMs - minMs));
  }

  async #hang(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.hijack();
    const signal = this.#shutdown.signal;
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        reply.raw.off('close', finish);
        resolve();
      };
      const timer = setTimeout(finish, HANG_LIMIT_MS);
      signal.addEventListener('abort', finish, { once: true });
      reply.raw.once('close', finish);
      if (signal.aborted || reply.raw.destroyed) finish();
    });
    request.log.info('timeout fault: dropping the connection without an answer');
    reply.raw.destroy();
  }
}

export function serviceUnavailable(message: string) {
  return { statusCode: 503, error: 'Service Unavailable', message };
}
