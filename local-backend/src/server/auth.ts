// Verifies user JWTs against the providers of the app's convex/auth.config.ts, like Convex does:
// OIDC providers (issuer = domain, audience = applicationID, keys from the discovery document's
// jwks_uri) and customJwt providers (issuer, jwks URL or data: URI, optional applicationID).
// Documents are fetched with the fetch it is given: the backend answers its own URLs (Convex
// Auth's issuer is the deployment's site URL) in-process, never over HTTP to itself.
import { createLocalJWKSet, createRemoteJWKSet, customFetch, decodeJwt, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { AuthProviderConfig } from "../core/app.js";
import type { Identity } from "../engine/engine.js";

export class AuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AuthError";
  }
}

// UserIdentity field <- JWT claim, as documented on convex/server's UserIdentity.
const CLAIMS: Record<string, string> = {
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};
const RESERVED = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

export function identityFromClaims(claims: JWTPayload): Identity {
  const identity: Identity = {
    tokenIdentifier: `${claims.iss}|${claims.sub}`,
    subject: String(claims.sub),
    issuer: String(claims.iss),
  };
  for (const [claim, value] of Object.entries(claims)) {
    if (RESERVED.has(claim) || value === undefined) continue;
    const field = CLAIMS[claim] ?? claim;
    identity[field] = field === "updatedAt" && typeof value === "number" ? new Date(value * 1000).toISOString() : value;
  }
  return identity;
}

const trimSlash = (s: string) => s.replace(/\/+$/, "");

interface Provider {
  describe: string;
  issuer: string;
  audience: string | undefined;
  algorithms: string[] | undefined;
  keys: () => Promise<JWTVerifyGetKey>;
}

/** How provider documents (discovery, JWKS) are fetched. */
export type AuthFetch = (url: string, init?: RequestInit) => Promise<Response>;

function remoteKeys(url: string, fetchFn: AuthFetch): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), { [customFetch]: (u: string, init: RequestInit) => fetchFn(u, init) });
}

function toProvider(config: AuthProviderConfig, fetchFn: AuthFetch): Provider | null {
  if (config.type === "customJwt") {
    if (!config.issuer || !config.jwks) return null;
    const jwksSource = config.jwks;
    let keys: JWTVerifyGetKey | undefined;
    return {
      describe: `CustomJWT(issuer=${config.issuer}, app_id=${config.applicationID ?? "none"})`,
      issuer: config.issuer,
      audience: config.applicationID,
      algorithms: config.algorithm ? [config.algorithm] : undefined,
      keys: () => {
        if (keys) return Promise.resolve(keys);
        if (jwksSource.startsWith("data:")) {
          const body = jwksSource.slice(jwksSource.indexOf(",") + 1);
          const json = jwksSource.slice(0, jwksSource.indexOf(",")).endsWith(";base64")
            ? Buffer.from(body, "base64").toString("utf8")
            : decodeURIComponent(body);
          keys = createLocalJWKSet(JSON.parse(json) as Parameters<typeof createLocalJWKSet>[0]);
        } else {
          keys = remoteKeys(jwksSource, fetchFn);
        }
        return Promise.resolve(keys);
      },
    };
  }
  if (!config.domain) return null;
  const domain = trimSlash(config.domain);
  let keys: JWTVerifyGetKey | undefined;
  return {
    describe: `OIDC(domain=${domain}, app_id=${config.applicationID ?? "none"})`,
    issuer: domain,
    audience: config.applicationID,
    algorithms: undefined,
    keys: async () => {
      if (keys) return keys;
      const discoveryUrl = `${domain}/.well-known/openid-configuration`;
      let jwksUri: string;
      try {
        const response = await fetchFn(discoveryUrl);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        jwksUri = ((await response.json()) as { jwks_uri: string }).jwks_uri;
      } catch (err) {
        throw new AuthError(`Could not fetch the OpenID configuration at ${discoveryUrl}: ${(err as Error).message}`);
      }
      keys = remoteKeys(jwksUri, fetchFn);
      return keys;
    },
  };
}

export class AuthVerifier {
  private providers: Provider[] = [];
  private readonly verified = new Map<string, { identity: Identity; expiresAt: number }>();

  constructor(
    configs: AuthProviderConfig[],
    private readonly fetchFn: AuthFetch = (url, init) => globalThis.fetch(url, init),
  ) {
    this.setProviders(configs);
  }

  /** Called after a code reload: auth.config.ts may have changed. */
  setProviders(configs: AuthProviderConfig[]): void {
    this.providers = configs.map((c) => toProvider(c, this.fetchFn)).filter((p): p is Provider => p !== null);
    this.verified.clear();
  }

  async verify(token: string): Promise<Identity> {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.identity;
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new AuthError("Could not parse the auth token as a JWT.");
    }
    const matching = this.providers.filter((p) => {
      if (trimSlash(String(claims.iss ?? "")) !== trimSlash(p.issuer)) return false;
      if (p.audience === undefined) return true;
      const aud = claims.aud;
      return Array.isArray(aud) ? aud.includes(p.audience) : aud === p.audience;
    });
    if (matching.length === 0) {
      throw new AuthError(
        "No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your configured providers: " +
          `[${this.providers.map((p) => p.describe).join(", ")}]`,
      );
    }
    let lastError: unknown;
    for (const provider of matching) {
      try {
        const { payload } = await jwtVerify(token, await provider.keys(), {
          issuer: [provider.issuer, `${provider.issuer}/`],
          ...(provider.audience !== undefined ? { audience: provider.audience } : {}),
          ...(provider.algorithms ? { algorithms: provider.algorithms } : {}),
        });
        if (typeof payload.sub !== "string") throw new AuthError("The token has no `sub` claim.");
        const identity = identityFromClaims(payload);
        if (this.verified.size > 1000) this.verified.clear();
        this.verified.set(token, { identity, expiresAt: (payload.exp ?? Infinity) * 1000 });
        return identity;
      } catch (err) {
        lastError = err;
      }
    }
    if (lastError instanceof AuthError) throw lastError;
    throw new AuthError(
      "Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired." +
        (lastError instanceof Error ? ` (${lastError.message})` : ""),
    );
  }
}
