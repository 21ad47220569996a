import * as o from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleStandIn, type GoogleStandIn } from "../src/index.js";
import { CLIENT_ID, CLIENT_SECRET, discover } from "./helpers.js";

let standIn: GoogleStandIn;
beforeAll(async () => {
  standIn = await startGoogleStandIn({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});
afterAll(() => standIn.stop());

describe("issuer", () => {
  it("is exactly http://127.0.0.1:<port>, with no trailing slash", () => {
    expect(standIn.issuer).toBe(`http://127.0.0.1:${standIn.port}`);
    expect(standIn.url).toBe(standIn.issuer);
  });

  it("equals the discovery issuer, so oauth4webapi's issuer check passes", async () => {
    const as = await discover(standIn.issuer);
    expect(as.issuer).toBe(standIn.issuer);
  });

  it("does not match the same server spelled with localhost", async () => {
    // The reason AUTH_GOOGLE_ISSUER must say 127.0.0.1: the issuer comparison is textual.
    const spelledLocalhost = new URL(`http://localhost:${standIn.port}`);
    const response = await o.discoveryRequest(new URL(standIn.issuer), { [o.allowInsecureRequests]: true });
    await expect(o.processDiscoveryResponse(spelledLocalhost, response)).rejects.toThrow(/issuer/);
  });

  it("tolerates a trailing slash in the configured issuer URL (oauth4webapi normalises it)", async () => {
    const withSlash = new URL(`${standIn.issuer}/`);
    const response = await o.discoveryRequest(withSlash, { [o.allowInsecureRequests]: true });
    const as = await o.processDiscoveryResponse(withSlash, response);
    expect(as.issuer).toBe(standIn.issuer);
  });
});

describe("discovery document", () => {
  it("advertises the endpoints and capabilities an Auth.js/Convex Auth client relies on", async () => {
    const response = await fetch(`${standIn.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const doc = (await response.json()) as Record<string, unknown>;
    const base = standIn.issuer;
    expect(doc).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(doc.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["client_secret_basic", "client_secret_post"]));
    expect(doc.claims_supported).toEqual(
      expect.arrayContaining(["sub", "iss", "aud", "email", "email_verified", "name", "picture", "nonce"]),
    );
  });

  it("serves a JWKS with one RS256 signing key that has a kid", async () => {
    const response = await fetch(`${standIn.issuer}/jwks`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", e: "AQAB" });
    expect(keys[0].kid).toEqual(expect.any(String));
    // Public half only.
    expect(keys[0]).not.toHaveProperty("d");
  });

  it("answers unknown paths and wrong methods with OAuth-style JSON errors", async () => {
    const missing = await fetch(`${standIn.issuer}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "not_found" });
    const wrongMethod = await fetch(`${standIn.issuer}/token`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
  });
});

describe("avatars", () => {
  it("serves a generated SVG with the name's first letter", async () => {
    const response = await fetch(`${standIn.issuer}/avatar/12345.svg?name=${encodeURIComponent("山田 花子")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await response.text();
    expect(svg).toContain("<svg");
    expect(svg).toContain(">山</text>");
  });

  it("escapes the name inside the SVG", async () => {
    const response = await fetch(`${standIn.issuer}/avatar/1.svg?name=${encodeURIComponent("<script>")}`);
    expect(await response.text()).not.toContain("<script");
  });
});
