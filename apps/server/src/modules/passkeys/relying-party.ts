import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { invalidField } from '../../http/errors.js';

/**
 * Whom passkeys are bound to (docs/decisions/0209): the relying party id (a host name, the scope of every passkey the
 * browser makes for the portal) and the origin the browser must say the ceremony ran on.
 */
export type RelyingParty = { id: string; origin: string };

/**
 * PUBLIC_URL's host and origin when it is set: where users reach the portal, whatever a request's headers claim.
 * Without it (development, `npm start`), the origin the browser's request names, if it is the host the request was
 * sent to (behind a trusted proxy, the forwarded host): a page of another site cannot make its own origin count.
 */
export function relyingPartyOf(config: Pick<Config, 'publicUrl' | 'publicUrlSet'>, request: FastifyRequest) {
  if (config.publicUrlSet) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origin: url.origin };
  }
  const named = request.headers.origin;
  let origin: URL | undefined;
  try {
    origin = named ? new URL(named) : undefined;
  } catch {
    origin = undefined;
  }
  if (!origin || origin.host !== request.host || !['http:', 'https:'].includes(origin.protocol)) {
    throw invalidField('origin', 'same_origin', 'Passkeys work only from the portal’s own pages.');
  }
  return { id: origin.hostname, origin: origin.origin };
}
