import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * The id of the request (or of the stored request a job carries on) that the code running now works for, so a call
 * made deep below a handler (a carrier adapter's HTTP call) can pass it on without every function in between taking
 * it as a parameter. Node's AsyncLocalStorage follows it through awaits, timers and the carrier's fetch.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** The request id the current work is done for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` on behalf of `requestId` (a job working for a stored request); without an id, on behalf of none. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work);
}

/**
 * Every request's hooks and handler run with its id as the current request id. Fastify carries the context over
 * the reading of the body itself (its content-type parser runs the rest in the request's async resource).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    storage.run({ requestId: request.id }, done);
  });
}
