// Everything the stand-in must refuse, so a broken client configuration fails here the way it
// would fail against Google instead of passing silently.
import * as o from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleStandIn, type GoogleStandIn } from "../src/index.js";
import {
  chooseAndReturn,
  CLIENT_ID,
  CLIENT_SECRET,
  discover,
  obtainCode,
  openChooser,
  postToken,
  REDIRECT_URI,
  startAuthorization,
  submitChoice,
} from "./helpers.js";

let standIn: GoogleStandIn;
let as: o.AuthorizationServer;
let clock = Date.now();

beforeAll(async () => {
  standIn = await startGoogleStandIn({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, now: () => clock });
  as = await discover(standIn.issuer);
});
afterAll(() => standIn.stop());

const basic: [string, string] = [CLIENT_ID, CLIENT_SECRET];

function exchange(code: string, codeVerifier: string, overrides: Record<string, string> = {}, auth = { basic }) {
  return postToken(
    standIn.issuer,
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: codeVerifier, ...overrides },
    auth,
  );
}

describe("token endpoint", () => {
  it("issues tokens for a correct request (baseline for the cases below)", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const result = await exchange(code, codeVerifier);
    expect(result.status).toBe(200);
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect(result.body).toMatchObject({ token_type: "Bearer", id_token: expect.any(String) });
  });

  it("refuses a wrong code_verifier", async () => {
    const { code } = await obtainCode(standIn.issuer, as);
    const result = await exchange(code, o.generateRandomCodeVerifier());
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("code_verifier") });
  });

  it("refuses a missing code_verifier", async () => {
    const { code } = await obtainCode(standIn.issuer, as);
    const result = await postToken(standIn.issuer, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }, { basic });
    expect(result).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a code used twice, and revokes the access token of the first use", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const first = await exchange(code, codeVerifier);
    expect(first.status).toBe(200);
    const accessToken = first.body.access_token as string;
    const userinfoBefore = await fetch(`${standIn.issuer}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(userinfoBefore.status).toBe(200);

    const second = await exchange(code, codeVerifier);
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: "invalid_grant", error_description: "code was already used" });
    const userinfoAfter = await fetch(`${standIn.issuer}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(userinfoAfter.status).toBe(401);
  });

  it("burns a code on a failed attempt, so it cannot be retried", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    expect((await exchange(code, o.generateRandomCodeVerifier())).status).toBe(400);
    expect((await exchange(code, codeVerifier)).body).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses a redirect_uri different from the authorization request's", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const result = await exchange(code, codeVerifier, { redirect_uri: "http://127.0.0.1:3211/api/auth/callback/other" });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("redirect_uri") });
  });

  it("refuses an expired code", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    clock += 5 * 60_000 + 1;
    try {
      expect((await exchange(code, codeVerifier)).body).toMatchObject({ error: "invalid_grant" });
    } finally {
      clock = Date.now();
    }
  });

  it("refuses an unknown code", async () => {
    const result = await exchange("made-up", o.generateRandomCodeVerifier());
    expect(result).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a wrong client secret with client_secret_basic", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const result = await exchange(code, codeVerifier, {}, { basic: [CLIENT_ID, "wrong"] });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ error: "invalid_client" });
    // No challenge header: oauth4webapi would report that instead of the invalid_client body.
    expect(result.headers.get("www-authenticate")).toBeNull();
  });

  it("refuses a wrong client secret with client_secret_post", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const result = await postToken(standIn.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: codeVerifier,
      client_id: CLIENT_ID,
      client_secret: "wrong",
    });
    expect(result).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("refuses a request without client authentication", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const result = await postToken(standIn.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: codeVerifier,
    });
    expect(result).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("refuses a different client_id", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const result = await exchange(code, codeVerifier, {}, { basic: ["someone-else", CLIENT_SECRET] });
    expect(result).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("refuses other grant types", async () => {
    const result = await postToken(standIn.issuer, { grant_type: "refresh_token", refresh_token: "x" }, { basic });
    expect(result).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
  });

  it("refuses a body that is not a form", async () => {
    const response = await fetch(`${standIn.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "authorization_code" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });
});

describe("authorization endpoint", () => {
  it("cancel sends the browser back with error=access_denied, the state and the issuer", async () => {
    const start = await startAuthorization(as);
    const back = await chooseAndReturn(standIn.issuer, start.url, { cancel: true });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(start.state);
    expect(back.searchParams.has("code")).toBe(false);
    expect(() => o.validateAuthResponse(as, { client_id: CLIENT_ID }, back, start.state)).toThrow(o.AuthorizationResponseError);
  });

  it.each([
    ["another host", "http://example.com/api/auth/callback/google"],
    ["a LAN address", "http://192.168.1.10:3211/api/auth/callback/google"],
    ["a look-alike host", "http://127.0.0.1.example.com/cb"],
    ["a non-http scheme", "javascript:alert(1)"],
    ["a fragment", "http://127.0.0.1:3211/cb#x"],
    ["a relative URL", "/api/auth/callback/google"],
  ])("refuses a redirect_uri on %s without redirecting to it", async (_, redirectUri) => {
    const start = await startAuthorization(as, { redirectUri });
    const response = await fetch(start.url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("redirect_uri") });
  });

  it("accepts localhost and [::1] redirect URIs", async () => {
    for (const redirectUri of ["http://localhost:5173/cb", "http://[::1]:3211/cb"]) {
      const start = await startAuthorization(as, { redirectUri });
      expect((await openChooser(start.url)).status).toBe(200);
    }
  });

  it("shows a readable page (not a redirect) to a browser for a bad redirect_uri", async () => {
    const start = await startAuthorization(as, { redirectUri: "http://example.com/cb" });
    const page = await openChooser(start.url);
    expect(page.status).toBe(400);
    expect(page.html).toContain("ログインできませんでした");
    expect(page.html).toContain("invalid_request");
  });

  it("refuses an unknown client_id without redirecting", async () => {
    const start = await startAuthorization(as, { extra: { client_id: "someone-else" } });
    const response = await fetch(start.url, { redirect: "manual" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it.each([
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
    ["no openid scope", { scope: "email profile" }, "invalid_scope"],
    ["plain PKCE", { code_challenge_method: "plain" }, "invalid_request"],
    ["no PKCE", { code_challenge: "" }, "invalid_request"],
    ["response_mode=form_post", { response_mode: "form_post" }, "invalid_request"],
  ])("redirects back with an error for %s", async (_, extra, error) => {
    const start = await startAuthorization(as, { extra });
    const response = await fetch(start.url, { redirect: "manual" });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location")!);
    expect(back.searchParams.get("error")).toBe(error);
    expect(back.searchParams.get("state")).toBe(start.state);
    expect(back.searchParams.get("iss")).toBe(standIn.issuer);
  });

  it("refuses a chooser submission that was already used (back button replay)", async () => {
    const start = await startAuthorization(as);
    const page = await openChooser(start.url);
    expect((await submitChoice(standIn.issuer, page.requestId, { account: "hanako@example.com" })).status).toBe(302);
    const replay = await submitChoice(standIn.issuer, page.requestId, { account: "ichiro@example.com" });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_request" });
  });

  it("refuses a chooser left open too long", async () => {
    const start = await startAuthorization(as);
    const page = await openChooser(start.url);
    clock += 10 * 60_000 + 1;
    try {
      expect((await submitChoice(standIn.issuer, page.requestId, { account: "hanako@example.com" })).status).toBe(400);
    } finally {
      clock = Date.now();
    }
  });

  it("refuses an account that is not one of the demo accounts", async () => {
    const start = await startAuthorization(as);
    const page = await openChooser(start.url);
    const response = await submitChoice(standIn.issuer, page.requestId, { account: "intruder@example.com" });
    expect(response.status).toBe(400);
  });
});

describe("userinfo endpoint", () => {
  it("refuses a missing or unknown access token with a Bearer challenge", async () => {
    const missing = await fetch(`${standIn.issuer}/userinfo`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const unknown = await fetch(`${standIn.issuer}/userinfo`, { headers: { authorization: "Bearer nope" } });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses an expired access token", async () => {
    const { code, codeVerifier } = await obtainCode(standIn.issuer, as);
    const { body } = await exchange(code, codeVerifier);
    clock += 60 * 60_000 + 1;
    try {
      const response = await fetch(`${standIn.issuer}/userinfo`, { headers: { authorization: `Bearer ${body.access_token as string}` } });
      expect(response.status).toBe(401);
    } finally {
      clock = Date.now();
    }
  });
});
