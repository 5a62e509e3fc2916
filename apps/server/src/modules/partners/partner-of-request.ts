import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidTokenError } from '../../auth/access-tokens.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { firstPartnerId, partnerIdOfTheme, partnerIdOfUser } from './repository.js';

/** Set at sign-in so the sign-in page itself can show the reseller's brand and messages next time. */
export const THEME_COOKIE = 'themeCode';
const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Sets the theme cookie: at sign-in, and when a partner's staff change their theme code (decision 0218). */
export function rememberTheme(reply: FastifyReply, themeCode: string): void {
  reply.setCookie(THEME_COOKIE, themeCode, { path: '/', sameSite: 'lax', maxAge: THEME_COOKIE_MAX_AGE_SECONDS });
}

/**
 * Whose portal this request is in: the signed-in user's partner; before sign-in, the partner of the theme cookie;
 * failing both, the first partner. Branding, banner messages and FAQs are partner data, public by nature.
 */
export async function partnerIdOf(request: FastifyRequest): Promise<number> {
  const { db } = request.server.database;
  if (request.principal) return request.principal.partnerId;
  const userId = await signedInUserId(request);
  const ofUser = userId === undefined ? undefined : await partnerIdOfUser(db, userId);
  if (ofUser !== undefined) return ofUser;
  const themeCode = request.cookies[THEME_COOKIE];
  const ofTheme = themeCode === undefined ? undefined : await partnerIdOfTheme(db, themeCode);
  if (ofTheme !== undefined) return ofTheme;
  const first = await firstPartnerId(db);
  if (first === undefined) throw new Error('No partner is configured');
  return first;
}

/** The partner data this request may read: that of the partner whose portal it is in. */
export async function partnerScopeOf(request: FastifyRequest): Promise<PartnerScope> {
  return { db: request.server.database.db, partnerId: await partnerIdOf(request) };
}

/** The user of a valid bearer token on a public route; a missing or bad token just means "not signed in". */
async function signedInUserId(request: FastifyRequest): Promise<number | undefined> {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  try {
    return (await request.server.accessTokens.verify(match[1], 'main')).userId;
  } catch (error) {
    if (error instanceof InvalidTokenError) return undefined;
    throw error;
  }
}
