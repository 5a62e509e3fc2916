/*
 * Whether an error means the database could not be reached or dropped the connection, as opposed to refusing a
 * statement: the request is answered 503 with Retry-After (the client may try again; nothing was committed, as each
 * write is one transaction) rather than 500, and the pool replaces the broken connection, so the server recovers
 * without a restart once the database answers again.
 */

// SQLSTATE class 08 (connection exception) and the server going away under a session (57P01 admin_shutdown on a
// restart or pg_terminate_backend, 57P02 crash_shutdown, 57P03 cannot_connect_now while starting, 53300 too many
// connections).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres reports a socket closed under a query, and a pool that could not connect in time, by message alone.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}
