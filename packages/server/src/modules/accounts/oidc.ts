import * as client from 'openid-client';
import type { Provider } from './repository.js';

export const PROVIDERS: readonly Provider[] = ['google', 'facebook', 'apple'];

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

/**
 * Social sign-in providers from the environment: OIDC_<NAME>_ISSUER, OIDC_<NAME>_CLIENT_ID and
 * OIDC_<NAME>_CLIENT_SECRET (NAME = GOOGLE, FACEBOOK or APPLE). A provider missing any of them is hidden (404).
 */
export function providersFromEnv(env: Record<string, string | undefined> = process.env): Map<Provider, ProviderSettings> {
  const map = new Map<Provider, ProviderSettings>();
  for (const p of PROVIDERS) {
    const key = p.toUpperCase();
    const issuer = env[`OIDC_${key}_ISSUER`]?.trim();
    const clientId = env[`OIDC_${key}_CLIENT_ID`]?.trim();
    const clientSecret = env[`OIDC_${key}_CLIENT_SECRET`]?.trim();
    if (issuer && clientId && clientSecret) map.set(p, { issuer, clientId, clientSecret });
  }
  return map;
}

/** What the browser must bring back to the callback; kept in a signed, HttpOnly cookie for 10 minutes. */
export type PendingSignIn = { provider: Provider; state: string; nonce: string; verifier: string; next: string; link: boolean };

export type ProviderIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string; picture: string };

export class SocialSignIn {
  private readonly configs = new Map<Provider, Promise<client.Configuration>>();

  constructor(
    readonly settings: Map<Provider, ProviderSettings>,
    private readonly publicUrl: string,
  ) {}

  configured(): Provider[] {
    return PROVIDERS.filter((p) => this.settings.has(p));
  }

  redirectUri(provider: Provider): string {
    return `${this.publicUrl}/connect/${provider}/callback`;
  }

  /** Discovery once per provider; a failed discovery is retried on the next sign-in. */
  private config(provider: Provider): Promise<client.Configuration> {
    let config = this.configs.get(provider);
    if (!config) {
      const s = this.settings.get(provider)!;
      const issuer = new URL(s.issuer);
      config = client.discovery(issuer, s.clientId, s.clientSecret, undefined, {
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      });
      config.catch(() => this.configs.delete(provider));
      this.configs.set(provider, config);
    }
    return config;
  }

  /** The provider's authorization URL with state, nonce and a PKCE (S256) challenge. */
  async start(provider: Provider, next: string, link: boolean): Promise<{ url: string; pending: PendingSignIn }> {
    const config = await this.config(provider);
    const pending: PendingSignIn = {
      provider,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      next,
      link,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.toString(), pending };
  }

  /** Exchanges the code (checking state, nonce and PKCE) and reads the ID token's claims. */
  async finish(pending: PendingSignIn, callbackUrl: URL): Promise<ProviderIdentity> {
    const config = await this.config(pending.provider);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('the provider sent no subject');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      sub: claims.sub,
      email: str(claims.email) || null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: str(claims.name) || str(claims.given_name) || str(claims.preferred_username),
      picture: /^https:\/\//.test(str(claims.picture)) ? str(claims.picture) : '',
    };
  }
}
