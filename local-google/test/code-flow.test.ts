// The whole authorization code flow driven by oauth4webapi, the OIDC client library inside
// @auth/core and @convex-dev/auth, including its own ID token validation.
import * as o from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleStandIn, subjectForEmail, type GoogleStandIn } from "../src/index.js";
import { chooseAndReturn, CLIENT_ID, CLIENT_SECRET, discover, REDIRECT_URI, startAuthorization, type Choice } from "./helpers.js";

let standIn: GoogleStandIn;
let as: o.AuthorizationServer;
const client: o.Client = { client_id: CLIENT_ID };

beforeAll(async () => {
  standIn = await startGoogleStandIn({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  as = await discover(standIn.issuer);
});
afterAll(() => standIn.stop());

/** Runs the flow for one choice and returns oauth4webapi's validated result. */
async function signIn(choice: Choice, clientAuth: o.ClientAuth = o.ClientSecretBasic(CLIENT_SECRET)) {
  const start = await startAuthorization(as);
  const back = await chooseAndReturn(standIn.issuer, start.url, choice);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);

  // Checks state and the RFC 9207 `iss` response parameter.
  const params = o.validateAuthResponse(as, client, back, start.state);
  const response = await o.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT_URI, start.codeVerifier, {
    [o.allowInsecureRequests]: true,
  });
  // Checks iss, aud, exp, iat, sub presence and the nonce.
  const tokens = await o.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: start.nonce!,
    requireIdToken: true,
  });
  // oauth4webapi trusts the TLS channel and skips the signature by default; verify it via JWKS.
  await o.validateApplicationLevelSignature(as, response, { [o.allowInsecureRequests]: true });
  const claims = o.getValidatedIdTokenClaims(tokens)!;
  return { tokens, claims, start };
}

describe("authorization code flow with a demo account", () => {
  it("puts the chosen identity into a valid, signed ID token", async () => {
    const { tokens, claims, start } = await signIn({ account: "hanako@example.com" });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("openid profile email");
    expect(claims).toMatchObject({
      iss: standIn.issuer,
      aud: CLIENT_ID,
      azp: CLIENT_ID,
      sub: subjectForEmail("hanako@example.com"),
      email: "hanako@example.com",
      email_verified: true,
      name: "山田 花子",
      family_name: "山田",
      given_name: "花子",
      nonce: start.nonce,
    });
    expect(claims.picture).toMatch(new RegExp(`^${standIn.issuer}/avatar/\\d+\\.svg\\?name=`));
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it("serves the same claims from userinfo for the access token", async () => {
    const { tokens, claims } = await signIn({ account: "test@example.com" });
    const response = await o.userInfoRequest(as, client, tokens.access_token, { [o.allowInsecureRequests]: true });
    const userinfo = await o.processUserInfoResponse(as, client, claims.sub, response);
    expect(userinfo).toEqual({
      sub: claims.sub,
      name: "Test User",
      given_name: "Test",
      family_name: "User",
      picture: claims.picture,
      email: "test@example.com",
      email_verified: true,
    });
  });

  it("accepts client_secret_post as well as client_secret_basic", async () => {
    const { claims } = await signIn({ account: "ichiro@example.com" }, o.ClientSecretPost(CLIENT_SECRET));
    expect(claims.name).toBe("鈴木 一郎");
  });

  it("serves the generated picture the ID token points at", async () => {
    const { claims } = await signIn({ account: "ichiro@example.com" });
    const picture = await fetch(claims.picture as string);
    expect(picture.status).toBe(200);
    expect(await picture.text()).toContain(">鈴</text>");
  });
});

describe("authorization code flow with a typed identity", () => {
  it("uses the typed name, email and picture", async () => {
    const { claims } = await signIn({
      custom: { name: "Ada Lovelace", email: "  Ada@Example.COM ", picture: "https://example.com/ada.png" },
    });
    expect(claims).toMatchObject({
      sub: subjectForEmail("ada@example.com"),
      email: "ada@example.com",
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
      picture: "https://example.com/ada.png",
    });
  });

  it("gives a generated picture when none is typed", async () => {
    const { claims } = await signIn({ custom: { name: "ひとり", email: "solo@example.com" } });
    expect(claims.picture).toMatch(/\/avatar\/\d+\.svg\?name=/);
    expect(claims.given_name).toBe("ひとり");
    expect(claims).not.toHaveProperty("family_name");
  });
});

describe("account identity (sub)", () => {
  it("is the same for the same email and different for different emails", async () => {
    const first = await signIn({ custom: { name: "Name One", email: "same@example.com" } });
    const again = await signIn({ custom: { name: "Renamed", email: "SAME@example.com" } });
    const other = await signIn({ custom: { name: "Name One", email: "other@example.com" } });
    expect(again.claims.sub).toBe(first.claims.sub);
    expect(other.claims.sub).not.toBe(first.claims.sub);
  });

  it("survives a restart of the stand-in (derived from the email, not stored)", async () => {
    const before = await signIn({ account: "hanako@example.com" });
    const second = await startGoogleStandIn({ port: 0 });
    try {
      const secondAs = await discover(second.issuer);
      const start = await startAuthorization(secondAs);
      const back = await chooseAndReturn(second.issuer, start.url, { account: "hanako@example.com" });
      const params = o.validateAuthResponse(secondAs, client, back, start.state);
      const response = await o.authorizationCodeGrantRequest(
        secondAs,
        client,
        o.ClientSecretBasic("anything"),
        params,
        REDIRECT_URI,
        start.codeVerifier,
        { [o.allowInsecureRequests]: true },
      );
      const tokens = await o.processAuthorizationCodeResponse(secondAs, client, response, { expectedNonce: start.nonce! });
      expect(o.getValidatedIdTokenClaims(tokens)!.sub).toBe(before.claims.sub);
    } finally {
      await second.stop();
    }
  });

  it("looks like a Google subject: 21 digits", () => {
    expect(subjectForEmail("hanako@example.com")).toMatch(/^\d{21}$/);
  });
});
