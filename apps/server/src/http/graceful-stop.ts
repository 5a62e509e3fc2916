import { Server, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Stopping without dropping a call (decision 0183). Fastify's close calls Node's `http.Server.close()`, which stops
 * listening and at once destroys every kept-alive connection idle at that instant: a client just sending its next
 * call on one gets a reset, and a call arriving on a kept-alive connection after closing began is answered 503. So
 * `stopServing()` drains first:
 * - it stops taking connections (a load balancer retries a refused connection on another instance: the call was
 *   never here);
 * - every answer from then on says `Connection: close`, so each client's next call goes to a new connection;
 * - a connection with no call for {@link IDLE_CUTOFF_MS} is closed: under load a client sends its next call within
 *   milliseconds, so nobody is sending on it;
 * - once no connection is left, or after `maxDrainMs`, Fastify's close waits for any call still in flight, and only
 *   then do the onClose hooks close the database and the mailer.
 */

const IDLE_CUTOFF_MS = 250;
const CHECK_EVERY_MS = 25;

export type StopServing = (maxDrainMs: number) => Promise<void>;

export function gracefulStop(app: FastifyInstance): StopServing {
  // Each open connection, and since when it has had no call in progress (undefined while one is).
  const idleSince = new Map<Socket, number | undefined>();
  app.server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => idleSince.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const socket = request.socket;
    idleSince.set(socket, undefined);
    response.once('finish', () => {
      if (idleSince.has(socket)) idleSince.set(socket, Date.now());
    });
  });

  let draining = false;
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  return async (maxDrainMs) => {
    draining = true;
    // net's close, not http's: it stops listening without destroying the idle connections (see above). Fastify's
    // close then finds the server closed already, which it expects.
    if (app.server.listening) Server.prototype.close.call(app.server);
    const deadline = Date.now() + maxDrainMs;
    while (idleSince.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      for (const [socket, since] of idleSince) {
        if (since !== undefined && now - since >= IDLE_CUTOFF_MS) socket.destroy();
      }
      await delay(CHECK_EVERY_MS);
    }
    await app.close();
  };
}
