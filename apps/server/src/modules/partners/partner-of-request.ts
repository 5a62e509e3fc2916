import type { FastifyRequest } from 'fastify';
import { InvalidTokenError } from '../../auth/access-tokens.js';

/** Set at sign-in so the sign-in page itself can show the reseller's brand and messages next time. */
export const THEME_COOKIE = 'themeCode';

/**
 * Whose portal this request is in: the signed-in user's partner; before sign-in, the partner of the theme cookie;
 * failing both, the first partner. Branding, banner messages and FAQs are partner data, public by nature.
 */
export async function partnerIdOf(request: FastifyRequest): Promise<number> {
  const { db } = request.server.database;
  if (request.principal) return request.principal.partnerId;
  const userId = await signedInUserId(request);
  if (userId !== undefined) {
    const user = await db.selectFrom('users').select('partner_id').where('id', '=', userId).executeTakeFirst();
    if (user) return user.partner_id;
  }
  const themeCode = request.cookies[THEME_COOKIE];
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .$if(themeCode !== undefined, (q) => q.where('theme_code', '=', themeCode ?? ''))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (partner) return partner.id;
  const first = await db.selectFrom('partners').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!first) throw new Error('No partner is configured');
  return first.id;
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
