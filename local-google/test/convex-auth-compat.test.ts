// The stand-in against the exact code the app runs: @auth/core's Google provider, materialised and
// driven by @convex-dev/auth's own OAuth functions (the ones behind /api/auth/signin/google and
// /api/auth/callback/google). These are internal modules, imported by path on purpose: if an
// upgrade moves them, this test should fail loudly rather than the sign-in failing silently
// (Convex Auth's callback swallows errors and just redirects home).
import Google from "@auth/core/providers/google";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuthorizationUrl } from "../../node_modules/@convex-dev/auth/dist/server/oauth/authorizationUrl.js";
import { handleOAuth } from "../../node_modules/@convex-dev/auth/dist/server/oauth/callback.js";
import { defaultCookiesOptions, oAuthConfigToInternalProvider } from "../../node_modules/@convex-dev/auth/dist/server/oauth/convexAuth.js";
import * as providerUtils from "../../node_modules/@convex-dev/auth/dist/server/provider_utils.js";
import { startGoogleStandIn, subjectForEmail, type GoogleStandIn } from "../src/index.js";
import { chooseAndReturn, CLIENT_ID, CLIENT_SECRET } from "./helpers.js";

const CONVEX_SITE_URL = "http://127.0.0.1:3211";
let standIn: GoogleStandIn;

beforeAll(async () => {
  standIn = await startGoogleStandIn({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  vi.stubEnv("CONVEX_SITE_URL", CONVEX_SITE_URL);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn.stop();
});

// Convex Auth's internal types reference @auth/core paths that do not resolve from here, so the
// few shapes this test touches are spelled out.
interface ProviderConfig {
  issuer?: string;
  profile: (profile: unknown, tokens: unknown) => Record<string, unknown> | Promise<Record<string, unknown>>;
}
interface OAuthOptions {
  provider: ProviderConfig;
  cookies: unknown;
}
interface CookieLike {
  name: string;
  value: string;
}
// Not in the published typings; it is what convexAuth() runs over its `providers`.
const { configDefaults } = providerUtils as unknown as {
  configDefaults: (config: { providers: unknown[] }) => { providers: ProviderConfig[] };
};

/** What convexAuth({ providers: [provider] }) turns the provider into (defaults, env values). */
function materialize(provider: unknown): ProviderConfig {
  return configDefaults({ providers: [provider] }).providers[0];
}

function googleConfig(clientSecret = CLIENT_SECRET): ProviderConfig {
  // As convex/auth.ts does it: the issuer passed explicitly (see the env test below for why).
  return materialize(Google({ issuer: standIn.issuer, clientId: CLIENT_ID, clientSecret }));
}

async function options(clientSecret?: string): Promise<OAuthOptions> {
  const provider: ProviderConfig = await oAuthConfigToInternalProvider(googleConfig(clientSecret));
  return { provider, cookies: defaultCookiesOptions("google") };
}

/** The cookies the sign-in route set, as the callback route reads them back. */
function cookieJar(cookies: unknown): Record<string, string> {
  return Object.fromEntries((cookies as CookieLike[]).map((c) => [c.name, c.value]));
}

describe("Convex Auth's Google sign-in against the stand-in", () => {
  it("requests code + PKCE S256 only (no state, no nonce) with the Convex callback URL", async () => {
    const { redirect } = await getAuthorizationUrl(await options());
    const url = new URL(redirect);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: `${CONVEX_SITE_URL}/api/auth/callback/google`,
      code_challenge: expect.any(String),
      code_challenge_method: "S256",
      scope: "openid profile email",
    });
  });

  it("signs in end to end and yields the chosen profile", async () => {
    const signInOptions = await options();
    const { redirect, cookies, signature } = await getAuthorizationUrl(signInOptions);
    const back = await chooseAndReturn(standIn.issuer, new URL(redirect), {
      custom: { name: "佐藤 次郎", email: "jiro@example.com", picture: "http://127.0.0.1:9/jiro.png" },
    });

    // The callback route works on a fresh provider and the cookies set by the sign-in route.
    const callbackOptions = await options();
    const result = await handleOAuth(Object.fromEntries(back.searchParams), cookieJar(cookies), callbackOptions);
    expect(result.signature).toBe(signature);

    const profile = await callbackOptions.provider.profile(result.profile, result.tokens);
    expect(profile).toEqual({
      id: subjectForEmail("jiro@example.com"),
      name: "佐藤 次郎",
      email: "jiro@example.com",
      image: "http://127.0.0.1:9/jiro.png",
    });
    expect(result.profile).toMatchObject({ iss: standIn.issuer, aud: CLIENT_ID, email_verified: true });
  });

  it("reports cancel as an OAuth error (Convex Auth then redirects home signed out)", async () => {
    const signInOptions = await options();
    const { redirect, cookies } = await getAuthorizationUrl(signInOptions);
    const back = await chooseAndReturn(standIn.issuer, new URL(redirect), { cancel: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    await expect(handleOAuth(Object.fromEntries(back.searchParams), cookieJar(cookies), await options())).rejects.toMatchObject({
      message: "OAuth Provider returned an error",
      cause: { error: "access_denied" },
    });
  });

  it("fails the token exchange when the app's secret differs from the stand-in's", async () => {
    const wrongOptions = await options("not it");
    const { redirect, cookies } = await getAuthorizationUrl(wrongOptions);
    const back = await chooseAndReturn(standIn.issuer, new URL(redirect), { account: "hanako@example.com" });
    await expect(handleOAuth(Object.fromEntries(back.searchParams), cookieJar(cookies), wrongOptions)).rejects.toThrow(
      "server responded with an error in the response body",
    );
  });

  it("ignores AUTH_GOOGLE_ISSUER unless the issuer is passed to Google() explicitly", () => {
    // Google() hard-codes https://accounts.google.com, and env defaults only fill blanks.
    vi.stubEnv("AUTH_GOOGLE_ISSUER", standIn.issuer);
    try {
      expect(materialize(Google({ clientId: CLIENT_ID })).issuer).toBe("https://accounts.google.com");
      expect(materialize(Google).issuer).toBe("https://accounts.google.com");
      expect(googleConfig().issuer).toBe(standIn.issuer);
      // `issuer: undefined` erases Google's issuer, and the env value then fills the blank...
      expect(materialize(Google({ issuer: undefined })).issuer).toBe(standIn.issuer);
    } finally {
      vi.stubEnv("AUTH_GOOGLE_ISSUER", undefined);
    }
    // ...but without the env value (production) nothing is left: hence "never pass undefined".
    expect(materialize(Google({ issuer: undefined })).issuer).toBeUndefined();
  });
});
