import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export type AfterAnswer = (request: { log: FastifyBaseLogger }, what: string, work: () => Promise<void>) => void;

/**
 * Work a route does once its answer is on the way, so the answer's time cannot depend on it (forgot password).
 * A failure is logged with the request's id; closing the app waits for work still running.
 */
export function afterAnswer(app: FastifyInstance): AfterAnswer {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  return (request, what, work) => {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
      .finally(() => running.delete(task));
    running.add(task);
  };
}
