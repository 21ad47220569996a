// In-memory state of the authorization code flow: chooser pages waiting for a choice, one-time
// authorization codes, and access tokens for userinfo. Everything expires; nothing is persisted.
import { randomBytes } from "node:crypto";
import type { ProfileClaims } from "./identity.js";

/** How long the chooser page may stay open before its choice is refused. */
export const PENDING_LIFETIME_MS = 10 * 60_000;
/** Authorization codes: short-lived, as RFC 6749 4.1.2 recommends (Google's are a few minutes). */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** Access tokens and ID tokens, like Google's: one hour. */
export const TOKEN_LIFETIME_MS = 60 * 60_000;

/** A validated /authorize request waiting for the person to choose an account. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string;
  state?: string;
  nonce?: string;
  loginHint?: string;
}

export interface AuthorizationCode extends AuthorizationRequest {
  claims: ProfileClaims;
}

export interface AccessToken {
  claims: ProfileClaims;
  scope: string;
}

export type RedeemResult = { ok: true; grant: AuthorizationCode } | { ok: false; reason: "unknown" | "expired" | "used" };

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

export class GrantStore {
  private readonly pending = new Map<string, Expiring<AuthorizationRequest>>();
  private readonly codes = new Map<string, Expiring<AuthorizationCode> & { accessToken?: string }>();
  private readonly accessTokens = new Map<string, Expiring<AccessToken>>();

  constructor(private readonly now: () => number) {}

  /** Remembers a request; the returned id travels in the chooser form instead of the parameters. */
  addPending(request: AuthorizationRequest): string {
    this.prune();
    const id = randomToken();
    this.pending.set(id, { value: request, expiresAt: this.now() + PENDING_LIFETIME_MS });
    return id;
  }

  /** Looks at a pending request without using it up (for re-rendering the page after an error). */
  peekPending(id: string): AuthorizationRequest | undefined {
    this.prune();
    return this.pending.get(id)?.value;
  }

  /** Single use: a submitted chooser cannot be replayed with the back button. */
  takePending(id: string): AuthorizationRequest | undefined {
    const request = this.peekPending(id);
    this.pending.delete(id);
    return request;
  }

  issueCode(grant: AuthorizationCode): string {
    this.prune();
    const code = randomToken();
    this.codes.set(code, { value: grant, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  /**
   * Uses up a code. A second use is refused and also revokes the access token the first use got
   * (RFC 6749 4.1.2): a replayed code suggests it leaked.
   */
  redeemCode(code: string): RedeemResult {
    const entry = this.codes.get(code);
    if (!entry) return { ok: false, reason: "unknown" };
    if (entry.accessToken !== undefined) {
      this.accessTokens.delete(entry.accessToken);
      return { ok: false, reason: "used" };
    }
    // Marked used before any further checks, so a failed attempt (wrong verifier) burns it too.
    entry.accessToken = "";
    if (entry.expiresAt <= this.now()) return { ok: false, reason: "expired" };
    return { ok: true, grant: entry.value };
  }

  /** Issues the access token for a redeemed code and ties it to the code for revocation. */
  issueAccessToken(code: string, token: AccessToken): { accessToken: string; expiresAt: number } {
    const accessToken = randomToken();
    const expiresAt = this.now() + TOKEN_LIFETIME_MS;
    this.accessTokens.set(accessToken, { value: token, expiresAt });
    const entry = this.codes.get(code);
    if (entry) entry.accessToken = accessToken;
    return { accessToken, expiresAt };
  }

  findAccessToken(accessToken: string): AccessToken | undefined {
    this.prune();
    return this.accessTokens.get(accessToken)?.value;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.pending) if (entry.expiresAt <= now) this.pending.delete(key);
    // Used codes are kept until their expiry so a replay can still be recognised as one.
    for (const [key, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(key);
    for (const [key, entry] of this.accessTokens) if (entry.expiresAt <= now) this.accessTokens.delete(key);
  }
}

function randomToken(): string {
  return randomBytes(32).toString("base64url");
}
