import { randomUUID } from 'node:crypto';
import { IdParamSchema } from '@portal/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'business-portal';

/** Main tokens authorise the API; dash tokens the analytics calls, which need both. */
export type Audience = 'main' | 'dash';
const AUDIENCE: Record<Audience, string> = { main: 'portal', dash: 'portal-dash' };

/** What an access token says about its holder (spec section 3: given_name, email, profile). */
export type AccessClaims = {
  userId: number;
  /** The refresh-token family (the sign-in session) the token came from. */
  sessionId: string;
  given_name: string;
  email: string;
  profile: string;
  roles: string[];
};

/**
 * The staff member viewing the portal as the token's user (a view as customer, decision 0220), as RFC 8693's actor
 * claim `act` names them. The web app only reads it to show the view's banner; the server reads the view from the
 * session (auth/principal.ts), never from the token.
 */
export type ViewedBy = { userId: number; userName: string };

/** Sessions are refresh-token families, keyed by randomUUID(). */
const SessionIdSchema = z.uuid();

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The access token has expired' : 'The access token is not valid');
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/**
 * Tokens already verified, with their claims and expiry: a session sends the same token with every call for up to
 * 15 minutes, and checking its HMAC through WebCrypto was about a seventh of the server's CPU on a cheap call. The
 * key is the whole token, so only those exact bytes are trusted again, and expiry is checked on every use. Whether
 * the session still stands is not the token's to say: logout, revocation and password changes end it in the
 * database, which the caller's read follows (principal-cache.ts).
 */
const VERIFIED_TOKENS = 10_000;
/**
 * How long a verified token is kept since it was verified. Its HMAC is checked again after a minute at most, and the
 * cache holds the tokens of the last minute's callers rather than of everyone in the last quarter hour: its memory
 * follows the load, not the history.
 */
const VERIFIED_FOR_MS = 60_000;

export function createAccessTokens(key: Uint8Array) {
  const verified = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({
    max: VERIFIED_TOKENS,
    ttl: VERIFIED_FOR_MS,
    ttlAutopurge: true,
  });
  return {
    async issue(
      claims: AccessClaims & { viewedBy?: ViewedBy | undefined },
      audience: Audience,
      now = new Date(),
    ): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        sid: claims.sessionId,
        given_name: claims.given_name,
        email: claims.email,
        profile: claims.profile,
        roles: claims.roles,
        ...(claims.viewedBy ? { act: { sub: String(claims.viewedBy.userId), name: claims.viewedBy.userName } } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE[audience])
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },

    /** Checks signature (HS256 only), issuer, audience and expiry, and returns the claims. */
    async verify(token: string, audience: Audience, now = new Date()): Promise<AccessClaims> {
      const cacheKey = `${audience} ${token}`;
      const known = verified.get(cacheKey);
      if (known) {
        // As jose judges expiry: a token is spent from the second its exp names.
        if (Math.floor(now.getTime() / 1000) < known.expiresAt) return known.claims;
        verified.delete(cacheKey);
        throw new InvalidTokenError('expired');
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE[audience],
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        // Claims this server never writes (only a holder of the key could) are refused here, before the database
        // casts them: a subject is a user id in the one spelling ids have, a session id a UUID.
        const subject = IdParamSchema.safeParse(payload.sub);
        const session = SessionIdSchema.safeParse(payload.sid);
        if (!subject.success || !session.success) throw new InvalidTokenError('invalid');
        const claims: AccessClaims = {
          userId: subject.data,
          sessionId: session.data,
          given_name: String(payload.given_name ?? ''),
          email: String(payload.email ?? ''),
          profile: String(payload.profile ?? ''),
          roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        };
        verified.set(cacheKey, { claims, expiresAt: payload.exp as number });
        return claims;
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error;
        throw new InvalidTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
    },
  };
}
