import { randomUUID } from 'node:crypto';
import { ApiErrorSchema, ID_MAX } from '@portal/contract';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, form, type SignedIn, signIn, testConfig, useDemoApp } from '../support/test-app.js';

/*
 * Tokens signed with the server's own key whose claims the server would never write: a session id that is not a
 * UUID, a subject that is no user id. Only the key holder can make one, but each must answer 401 (or, where a token
 * is optional, be ignored), never 500.
 */
const context = useDemoApp();
let admin: SignedIn;
let adminClaims: { sub: string; sid: string };

/** A token like the server's own (HS256, its issuer and audience, 15 minutes) with the claims given. */
async function selfSigned(claims: { sub: string; sid: unknown }, audience: 'portal' | 'portal-dash' = 'portal') {
  const key = new TextEncoder().encode(testConfig().jwtSecret);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, given_name: 'acme.admin', profile: 'Company Administrator', roles: [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('business-portal')
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .setJti(randomUUID())
    .sign(key);
}

beforeAll(async () => {
  admin = await signIn(context.app, 'acme.admin');
  const claims = decodeJwt(admin.accessToken);
  adminClaims = { sub: String(claims.sub), sid: String(claims.sid) };
});

const BAD_CLAIMS = [
  { label: 'a session id that is not a UUID', claims: () => ({ sub: adminClaims.sub, sid: 'not-a-uuid' }) },
  { label: 'an empty session id', claims: () => ({ sub: adminClaims.sub, sid: '' }) },
  { label: 'a session id that is a number', claims: () => ({ sub: adminClaims.sub, sid: 7 }) },
  { label: 'a subject past the id range', claims: () => ({ sub: String(ID_MAX + 1), sid: adminClaims.sid }) },
  { label: 'a subject past a double', claims: () => ({ sub: '9'.repeat(400), sid: adminClaims.sid }) },
  { label: 'a subject of 0', claims: () => ({ sub: '0', sid: adminClaims.sid }) },
  { label: 'a negative subject', claims: () => ({ sub: '-1', sid: adminClaims.sid }) },
  {
    label: 'a subject in hexadecimal',
    claims: () => ({ sub: `0x${Number(adminClaims.sub).toString(16)}`, sid: adminClaims.sid }),
  },
  { label: 'a subject with a space', claims: () => ({ sub: ` ${adminClaims.sub}`, sid: adminClaims.sid }) },
] as const;

describe('access tokens signed with the key but with claims the server never writes', () => {
  it.each(BAD_CLAIMS)('answers 401 in the error shape for $label', async ({ claims }) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/profiles/myFunctionality',
      headers: bearer(await selfSigned(claims())),
    });
    expect(response.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(response.json())).toMatchObject({ code: 'invalid_token' });
  });

  it.each(BAD_CLAIMS)('answers 401 for a dash token with $label', async ({ claims }) => {
    const endpoint = (
      await context.app
        .inject({
          method: 'GET',
          url: '/api/endpoints?$select=id&$top=1',
          headers: bearer(admin.accessToken),
        })
        .then((response) => response.json<{ value: Array<{ id: number }> }>())
    ).value[0]?.id;
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/endpoints/${endpoint}/monthlyUsage`,
      headers: {
        ...bearer(admin.accessToken),
        'dash-authorization': `Bearer ${await selfSigned(claims(), 'portal-dash')}`,
      },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(BAD_CLAIMS)('treats a public route’s caller with $label as not signed in', async ({ claims }) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/partners/current',
      headers: bearer(await selfSigned(claims())),
    });
    expect(response.statusCode).toBe(200);
  });

  it('changes a password with such a token beside it, ending every session (the token names none)', async () => {
    const teamLead = await signIn(context.app, 'acme.teamlead');
    const { sub } = decodeJwt(teamLead.accessToken);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/login/changePassword',
      ...form({ userName: 'acme.teamlead', currentPassword: DEMO_PASSWORD, newPassword: 'Lighthouse-Keeper-5190' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...bearer(await selfSigned({ sub: String(sub), sid: 'not-a-uuid' })),
      },
    });
    expect(response.statusCode).toBe(200);
    const refreshed = await context.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      ...form({ refreshToken: teamLead.refreshToken }),
    });
    expect(refreshed.statusCode).toBe(400);
  });
});
