import * as oidc from 'openid-client';

/** What reaching a provider takes: where it is, and who the portal is to it. */
export type ProviderLink = { issuer: string; clientId: string; clientSecret: string };

/** A provider's discovered configuration is kept this long before it is fetched again (keys rotate). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** A provider that does not answer within this many seconds fails the sign-in rather than holding it. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The OpenID Connect client side, through openid-client: each connection's discovered configuration, kept per
 * version of the connection (an edit changes its version) for a few minutes. Kept by the app that builds it, not
 * in a module variable (decision 0176). Providers are reached over HTTPS only unless `allowHttp` (tests, development).
 */
export function oidcProviders(options: { allowHttp: boolean }) {
  const cache = new Map<number, { version: string; at: number; config: Promise<oidc.Configuration> }>();

  function discover(link: ProviderLink): Promise<oidc.Configuration> {
    const issuer = new URL(link.issuer);
    const insecure = issuer.protocol === 'http:';
    if (insecure && !options.allowHttp) return Promise.reject(new Error('The issuer must be an https:// URL'));
    return oidc.discovery(issuer, link.clientId, undefined, oidc.ClientSecretBasic(link.clientSecret), {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  }

  /** The provider's configuration for connection `id` at `version`; a failed discovery is not kept. */
  function configurationOf(id: number, version: string, link: ProviderLink): Promise<oidc.Configuration> {
    const now = Date.now();
    const kept = cache.get(id);
    if (kept && kept.version === version && now - kept.at < DISCOVERY_TTL_MS) return kept.config;
    const config = discover(link);
    cache.set(id, { version, at: now, config });
    config.catch(() => {
      if (cache.get(id)?.config === config) cache.delete(id);
    });
    return config;
  }

  return { configurationOf };
}

export type OidcProviders = ReturnType<typeof oidcProviders>;
