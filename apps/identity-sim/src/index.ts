import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A user of the test's identity provider: what its claims say about them. */
export type ProviderAccount = {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** How the provider's sign-in went (RFC 8176), put in the ID token's `amr`: ['pwd', 'mfa'] for a second factor. */
  amr?: string[];
};

export type TestIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's users by subject; a test may change one between sign-ins (a new group, say). */
  accounts: Map<string, ProviderAccount>;
  stop(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on a free port of 127.0.0.1, with one confidential client, the
 * portal, that may send browsers back to `redirectUri`. Its sign-in step is a minimal form of its own at
 * /interaction/:uid (GET shows it, POST with `account`, a subject, signs that account in); consent is given by the
 * provider's loadExistingGrant, as a company's own provider does for its own applications. Claims: email (and
 * email_verified) with the email scope, name and groups with the profile scope, served from the userinfo endpoint.
 */
export async function startIdentityProvider(options: {
  redirectUri: string;
  accounts: Record<string, ProviderAccount>;
}): Promise<TestIdentityProvider> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'business-portal';
  const clientSecret = 'portal-client-secret-of-the-test-provider';
  const accounts = new Map(Object.entries(options.accounts));
  // Its own signing key and lifetimes, as a real deployment has (and without the quick-start warnings).
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const minutes = 10 * 60;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, email_verified: true, ...account }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', alg: 'RS256', use: 'sig' }] },
    ttl: { Interaction: minutes, Session: minutes, Grant: minutes, AccessToken: minutes, IdToken: minutes },
  });
  const callback = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (!/^\/interaction\/[^/]+$/.test(path)) {
      callback(request, response);
      return;
    }
    void signInStep(provider, accounts, request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The provider's sign-in page: a form asking which account; its POST signs that account in. */
async function signInStep(
  provider: Provider,
  accounts: ReadonlyMap<string, ProviderAccount>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const details = await provider.interactionDetails(request, response);
  if (request.method !== 'POST') {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
      <main><h1>Sign in to the test identity provider</h1>
      <form method="post" action="/interaction/${details.uid}">
        <label for="account">Account</label> <input id="account" name="account" autocomplete="username">
        <button type="submit">Sign in</button>
      </form></main></body></html>`);
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const account = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('account') ?? '';
  const amr = accounts.get(account)?.amr;
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: account, ...(amr ? { amr } : {}) } },
    { mergeWithLastSubmission: false },
  );
}
