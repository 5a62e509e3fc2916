import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
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

// Each request's context, to enter again after its body was read.
const contexts = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request's handler runs with its id as the current request id. Reading a body goes through the socket's
 * events, which run outside the request's context, so the context is entered again before validation (the same
 * as @fastify/request-context does).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    storage.run({ requestId: request.id }, () => {
      const resource = new AsyncResource('portal-request-context');
      contexts.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const resource = contexts.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
