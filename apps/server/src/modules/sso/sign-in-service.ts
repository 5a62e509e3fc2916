import { createHash, randomBytes } from 'node:crypto';
import { type LoginReply, SSO_MESSAGES } from '@portal/contract';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { hashPassword } from '../../auth/password-hashing.js';
import { generateTemporaryPassword } from '../../auth/password-policy.js';
import type { TokenDelivery } from '../../auth/refresh-tokens.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { recordEvent } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { HttpError, invalidField, tooManyAttempts } from '../../http/errors.js';
import { findSignInUser } from '../login/repository.js';
import type { Caller, signInService, WithRefreshToken } from '../login/service.js';
import { policyBindingUser } from '../sign-in-policy/repository.js';
import type { OidcProviders } from './oidc-client.js';
import { type ProviderIdentity, type Refusal, resolveUser } from './provisioning.js';
import { type ConnectionRow, connectionById, connectionForLogin, storeSignIn, takeSignIn } from './repository.js';
import { secretOwner } from './service.js';

/** How long the user has at the provider before the sign-in must start again. */
export const SSO_SIGN_IN_MINUTES = 10;

export type SsoSignInDependencies = {
  db: Kysely<Database>;
  box: SecretBox;
  providers: OidcProviders;
  throttle: LoginThrottle;
  /** The password sign-in's service: a single sign-on ends exactly as a password sign-in does. */
  signIn: ReturnType<typeof signInService>;
  /** Where the provider sends the browser back: the web app's single sign-on page. */
  redirectUri: string;
};

/** Why a sign-in through a provider failed, as the audit trail records it. */
type Failure = Refusal | 'no_connection' | 'not_approved' | 'expired' | 'provider' | 'email_domain' | 'single_factor';

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Signing in through a company's OpenID Connect provider (docs/decisions/0208): the authorisation code flow with
 * PKCE, state and nonce. `start` finds the provider from the work e-mail's domain (or the username's company),
 * keeps the sign-in's secrets server-side under its state, bound to the browser by a cookie, and answers where to
 * send the browser; `complete` takes the provider's answer once, checks it through openid-client, finds or makes
 * the user, and signs them in with the password sign-in's own ending. Both count failures in the sign-in throttle
 * and audit them as login.failed with method 'sso'.
 */
export function ssoSignInService({ db, box, providers, throttle, signIn, redirectUri }: SsoSignInDependencies) {
  let unusableHash: Promise<string> | undefined;
  // Users the portal makes sign in through their provider only: their password is one nobody knows.
  const unusablePasswordHash = () => {
    unusableHash ??= hashPassword(generateTemporaryPassword(64));
    return unusableHash;
  };

  async function failed(caller: Caller, login: string, reason: Failure, extra: Record<string, unknown> = {}) {
    const next = await throttle.recordFailure(login, caller.address);
    await recordEvent(db, {
      action: 'login.failed',
      actor: { userId: null, requestId: caller.requestId },
      details: { userName: login, address: caller.address, method: 'sso', reason, ...extra },
    });
    return next;
  }

  async function configurationOf(connection: ConnectionRow) {
    return providers.configurationOf(connection.id, connection.updatedAt.toISOString(), {
      issuer: connection.issuer,
      clientId: connection.clientId,
      clientSecret: box.open(connection.clientSecretSealed, secretOwner(connection.companyId)).toString('utf8'),
    });
  }

  /** The provider's authorisation URL, and the browser's binding to keep in its cookie. */
  async function start(login: string, caller: Caller): Promise<{ authorizationUrl: string; browserToken: string }> {
    const gate = await throttle.check(login, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    const connection = await connectionForLogin(db, login);
    if (!connection?.approvedAt) {
      const next = await failed(caller, login, connection ? 'not_approved' : 'no_connection');
      if (!next.allowed) throw tooManyAttempts(next.retryAfterSeconds);
      throw invalidField('login', 'sso_set_up', SSO_MESSAGES.notSetUp);
    }
    let config: oidc.Configuration;
    try {
      config = await configurationOf(connection);
    } catch (error) {
      caller.log.warn({ err: error, companyId: connection.companyId }, 'single sign-on: provider discovery failed');
      throw new HttpError(503, 'The identity provider could not be reached. Please try again later.', {
        code: 'sso_provider_unreachable',
      });
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const browserToken = randomBytes(32).toString('base64url');
    const now = new Date();
    await storeSignIn(
      db,
      {
        state,
        connectionId: connection.id,
        browserHash: hashOf(browserToken),
        codeVerifier,
        nonce,
        login,
        expiresAt: new Date(now.getTime() + SSO_SIGN_IN_MINUTES * 60_000),
      },
      now,
    );
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(login.includes('@') ? { login_hint: login } : {}),
    });
    return { authorizationUrl: url.href, browserToken };
  }

  /** Signs in with the provider's answer (`callback`, the query it sent the browser back with), once. */
  async function complete(
    input: { callback: string; cookiePolicyAccepted?: boolean | undefined },
    browserToken: string | undefined,
    caller: Caller,
    delivery: TokenDelivery,
  ): Promise<WithRefreshToken<LoginReply> & { themeCode: string }> {
    const query = new URLSearchParams(input.callback.replace(/^\?/, ''));
    const state = query.get('state');
    const underWay = state ? await takeSignIn(db, state) : undefined;
    // An unknown state is counted under itself (and its address): guesses share no count with real sign-ins.
    const login = underWay?.login ?? `sso-state:${state ?? ''}`;
    const refuse = async (reason: Failure, message: string = SSO_MESSAGES.didNotComplete) => {
      const next = await failed(caller, login, reason);
      return next.allowed ? invalidField('callback', reason, message) : tooManyAttempts(next.retryAfterSeconds);
    };
    // The state names a sign-in this server began, in this browser, minutes ago; a used one is gone.
    if (
      !underWay ||
      underWay.expiresAt <= new Date() ||
      browserToken === undefined ||
      hashOf(browserToken) !== underWay.browserHash
    ) {
      throw await refuse('expired');
    }
    const gate = await throttle.check(login, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    const connection = await connectionById(db, { id: underWay.connectionId });
    if (!connection?.approvedAt) throw await refuse('not_approved', SSO_MESSAGES.notSetUp);

    let identity: ProviderIdentity | undefined;
    let providerSecondFactor = false;
    try {
      const config = await configurationOf(connection);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
        pkceCodeVerifier: underWay.codeVerifier,
        expectedState: underWay.state,
        expectedNonce: underWay.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no ID token');
      const userInfo = config.serverMetadata().userinfo_endpoint
        ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
        : undefined;
      identity = identityOf({ ...userInfo, ...claims });
      providerSecondFactor = reportsSecondFactor(claims.amr);
    } catch (error) {
      caller.log.warn(
        { err: error, companyId: connection.companyId },
        'single sign-on: the provider answer was refused',
      );
      throw await refuse('provider');
    }
    // A provider speaks for the addresses of the domains the partner approved it for, and no others.
    if (!identity || !connection.emailDomains.includes(identity.email.slice(identity.email.lastIndexOf('@') + 1))) {
      throw await refuse('email_domain', SSO_MESSAGES.noAccess);
    }
    const resolution = await resolveUser(
      db,
      { userId: null, requestId: caller.requestId },
      connection,
      identity,
      await unusablePasswordHash(),
    );
    if (!resolution.ok) throw await refuse(resolution.reason, SSO_MESSAGES.noAccess);
    const user = await findSignInUser(db, { userId: resolution.userId });
    if (!user) throw new Error('The signed-in user vanished');
    // The portal cannot ask for a second step of its own here: the provider's must stand for it (decision 0212).
    if (!providerSecondFactor && (await policyBindingUser(db, user.id)).twoStepRequired) {
      throw await refuse('single_factor', SSO_MESSAGES.secondStepRequired);
    }
    await throttle.recordSuccess(login);
    signIn.requireCookiePolicy(user, input.cookiePolicyAccepted);
    return signIn.signedIn(user, caller, {
      delivery,
      method: 'sso',
      ...(providerSecondFactor ? { factor: 'provider' as const } : {}),
    });
  }

  return { start, complete };
}

/**
 * The provider's user from its claims: the subject, a verified e-mail address and the groups claim (a list of
 * strings; absent means none). No address, or one the provider says it has not verified, is no identity.
 */
/**
 * Whether the ID token says its sign-in took more than one factor: RFC 8176's `mfa`, which Entra ID and Okta send.
 * Without it (Google Workspace sends no `amr`) the portal assumes a password alone, as ASVS 6.8.4 asks.
 */
function reportsSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.includes('mfa');
}

function identityOf(claims: Record<string, unknown>): ProviderIdentity | undefined {
  const { sub, email, email_verified: verified, groups } = claims;
  // An address the users table can hold (spec 5's limit of 100 characters, a name before the @, a dotted domain).
  const usable = typeof email === 'string' && email.length <= 100 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim());
  if (typeof sub !== 'string' || sub.length > 255 || !usable || verified === false) return undefined;
  return {
    subject: sub,
    email: (email as string).trim().toLowerCase(),
    groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
  };
}
