// /token: exchanges a one-time authorization code (plus its PKCE verifier) for an access token
// and a signed ID token carrying the chosen identity.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticateClient } from "./client-auth.js";
import type { StandInContext } from "./context.js";
import { HttpError, readForm, sendJson, singleParam } from "./http.js";
import { verifierMatches } from "./pkce.js";

export async function handleToken(ctx: StandInContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req);
  const client = authenticateClient(req, form, ctx.client);
  const grantType = singleParam(form, "grant_type");
  if (grantType !== "authorization_code") {
    throw new HttpError(400, "unsupported_grant_type", "only grant_type=authorization_code is supported");
  }
  const code = singleParam(form, "code");
  if (!code) throw new HttpError(400, "invalid_request", "code is required");

  const redeemed = ctx.grants.redeemCode(code);
  if (!redeemed.ok) {
    const why = { unknown: "unknown code", expired: "code expired", used: "code was already used" }[redeemed.reason];
    throw new HttpError(400, "invalid_grant", why);
  }
  const grant = redeemed.grant;
  if (grant.clientId !== client.clientId) throw new HttpError(400, "invalid_grant", "code was issued to another client");
  if (singleParam(form, "redirect_uri") !== grant.redirectUri) {
    throw new HttpError(400, "invalid_grant", "redirect_uri does not match the authorization request");
  }
  if (!verifierMatches(singleParam(form, "code_verifier"), grant.codeChallenge)) {
    throw new HttpError(400, "invalid_grant", "code_verifier does not match the code_challenge");
  }

  const { accessToken, expiresAt } = ctx.grants.issueAccessToken(code, { claims: grant.claims, scope: grant.scope });
  const iat = Math.floor(ctx.now() / 1000);
  const exp = Math.floor(expiresAt / 1000);
  const idToken = await ctx.key.sign({
    iss: ctx.issuer,
    azp: grant.clientId,
    aud: grant.clientId,
    ...grant.claims,
    at_hash: atHash(accessToken),
    ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
    iat,
    exp,
  });
  ctx.log(`token issued for ${grant.claims.email} (${client.method})`);
  sendJson(res, 200, {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: exp - iat,
    id_token: idToken,
    scope: grant.scope,
  });
}

/** OIDC Core 3.1.3.6: left half of the SHA-256 of the access token, base64url. */
function atHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken, "ascii").digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}
