import fs from "node:fs";
import path from "node:path";
import { createLocalJWKSet, exportJWK, generateKeyPair, importPKCS8, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { type Harness, startHarness, tempDir, waitForValue } from "./helpers";

type Key = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
let h: Harness;
let goodKey: Key;
let otherKey: Key;
let envDir: string;

async function token(key: Key, claims: { iss?: string; aud?: string; sub?: string; name?: string } = {}) {
  return await new SignJWT({ name: claims.name ?? "テスト ユーザー" })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setSubject(claims.sub ?? "user123|session1")
    .setIssuer(claims.iss ?? h.backend.siteUrl)
    .setAudience(claims.aud ?? "fixture")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
}

beforeAll(async () => {
  const good = await generateKeyPair("RS256", { extractable: true });
  goodKey = good.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(good.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  envDir = tempDir("lb-env-");
  const envFile = path.join(envDir, ".env.local");
  fs.writeFileSync(envFile, 'FIXTURE_GREETING="こんにちは from file"\nOTHER=1 # comment\n');
  h = await startHarness({
    env: { TEST_JWKS: JSON.stringify({ keys: [jwk] }), FIXTURE_GREETING: "こんにちは" },
    envFile,
  });
});
afterAll(async () => {
  await h.stop();
  fs.rmSync(envDir, { recursive: true, force: true });
});

describe("authentication against auth.config.ts providers", () => {
  it("accepts a valid token over WebSocket and the function sees the identity", async () => {
    const client = h.ws();
    const good = await token(goodKey);
    const authChanges: boolean[] = [];
    client.setAuth(
      () => Promise.resolve(good),
      (isAuthenticated) => authChanges.push(isAuthenticated),
    );
    const me = await waitForValue(client, api.identity.whoami, {}, (v) => v !== null);
    expect(me).toEqual({
      subject: "user123|session1",
      tokenIdentifier: `${h.backend.siteUrl}|user123|session1`,
      name: "テスト ユーザー",
    });
    expect(authChanges).toContain(true);
  });

  it("rejects a token signed by another key, or for another audience", async () => {
    for (const bad of [await token(otherKey), await token(goodKey, { aud: "someone-else" })]) {
      const client = h.ws();
      const changes: boolean[] = [];
      const settled = new Promise<void>((resolve) =>
        client.setAuth(
          () => Promise.resolve(bad),
          (ok) => {
            changes.push(ok);
            resolve();
          },
        ),
      );
      await settled;
      expect(changes).toEqual([false]);
      expect(await client.query(api.identity.whoami, {})).toBeNull();
    }
  });

  it("verifies Bearer tokens on the HTTP API and in HTTP actions", async () => {
    const http = h.http();
    http.setAuth(await token(goodKey, { sub: "http-user" }));
    expect(await http.query(api.identity.whoami, {})).toMatchObject({ subject: "http-user" });
    http.setAuth(await token(otherKey));
    await expect(http.query(api.identity.whoami, {})).rejects.toThrow(/verify/i);
    http.clearAuth();
    expect(await http.query(api.identity.whoami, {})).toBeNull();

    const response = await fetch(`${h.backend.siteUrl}/hello?name=a`, {
      headers: { Authorization: `Bearer ${await token(goodKey, { sub: "site-user" })}` },
    });
    expect(await response.json()).toMatchObject({ subject: "site-user" });
  });
});

describe("verifying the backend's own tokens", () => {
  it("reads its own OpenID configuration and keys in-process, never over HTTP to itself", async () => {
    // Fresh providers, so the keys are fetched again.
    expect(await h.backend.reload()).toBe(true);
    const site = new URL(h.backend.siteUrl).origin;
    const realFetch = globalThis.fetch;
    const selfCalls: string[] = [];
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
      const target = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (new URL(target).origin === site) {
        selfCalls.push(target);
        return Promise.reject(new Error("the backend called its own site URL over HTTP"));
      }
      return realFetch(input, init);
    };
    try {
      const http = h.http();
      http.setAuth(await token(goodKey, { sub: "in-process" }));
      expect(await http.query(api.identity.whoami, {})).toMatchObject({ subject: "in-process" });
      const client = h.ws();
      client.setAuth(() => token(goodKey, { sub: "in-process-ws" }));
      expect(await waitForValue(client, api.identity.whoami, {}, (v) => v !== null)).toMatchObject({ subject: "in-process-ws" });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(selfCalls).toEqual([]);
  });
});

describe("function environment", () => {
  it("provides CONVEX_SITE_URL, CONVEX_CLOUD_URL, env file and option values", async () => {
    const env = await h.http().query(api.environment.read, {});
    expect(env).toMatchObject({
      siteUrl: h.backend.siteUrl,
      cloudUrl: h.backend.url,
      greeting: "こんにちは",
      hasJwtPrivateKey: true,
    });
    expect(h.backend.env.OTHER).toBe("1");
  });

  it("gives npm libraries the deployment's variables, even at import time, and never the host's", async () => {
    // Set on the host after start-up, and present on the host from the start (HOME, PATH).
    process.env.LB_HOST_ONLY = "host";
    try {
      const seen = await h.http().query(api.environment.library, {});
      expect(seen).toEqual({
        atImport: {
          greeting: "こんにちは",
          viaGlobalThis: "こんにちは",
          viaDestructuring: "こんにちは",
          hostOnly: null,
          home: null,
          path: null,
          // Like Convex's runtime: `process` is `{ env }`, and env answers reads only.
          enumerable: [],
          runsOnNode: false,
        },
        now: { greeting: "こんにちは", hostOnly: null },
      });
      expect(process.env.HOME).toBeTruthy();
      // A variable set through the API is seen by the next call.
      h.backend.setEnv("FIXTURE_GREETING", "また会いましたね");
      expect((await h.http().query(api.environment.library, {})).now.greeting).toBe("また会いましたね");
    } finally {
      delete process.env.LB_HOST_ONLY;
    }
  });

  it('gives "use node" actions Node.js, with the deployment\'s variables as process.env', async () => {
    expect(await h.http().action(api.nodeRuntime.describe, {})).toEqual({
      node: true,
      greeting: h.backend.env.FIXTURE_GREETING,
      home: null,
      sha: "8368ec5f",
    });
  });

  it("generates JWT_PRIVATE_KEY/JWKS in the format @convex-dev/auth uses", async () => {
    const { JWT_PRIVATE_KEY, JWKS } = h.backend.env;
    const key = await importPKCS8(JWT_PRIVATE_KEY, "RS256");
    const jwt = await new SignJWT({ sub: "u|s" }).setProtectedHeader({ alg: "RS256" }).setIssuer("x").sign(key);
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(JSON.parse(JWKS) as { keys: [] }));
    expect(payload.sub).toBe("u|s");
    const restarted = await h.restart();
    expect(restarted.env.JWT_PRIVATE_KEY).toBe(JWT_PRIVATE_KEY);
  });
});
