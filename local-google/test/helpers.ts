// Shared test plumbing: discovery with oauth4webapi and a "browser" that opens the chooser page
// and submits one of its forms, following the stand-in's redirect back to the app by hand.
import * as o from "oauth4webapi";
import { expect } from "vitest";

export const CLIENT_ID = "test-client.apps.googleusercontent.com";
export const CLIENT_SECRET = "test secret+with/odd:chars";
export const REDIRECT_URI = "http://127.0.0.1:3211/api/auth/callback/google";

export async function discover(issuer: string): Promise<o.AuthorizationServer> {
  const issuerUrl = new URL(issuer);
  const response = await o.discoveryRequest(issuerUrl, { [o.allowInsecureRequests]: true });
  return o.processDiscoveryResponse(issuerUrl, response);
}

export interface AuthorizationStart {
  url: URL;
  codeVerifier: string;
  state?: string;
  nonce?: string;
}

/** Builds the authorization URL the way an OIDC client does: PKCE S256, optional state and nonce. */
export async function startAuthorization(
  as: o.AuthorizationServer,
  options: { withState?: boolean; withNonce?: boolean; redirectUri?: string; extra?: Record<string, string> } = {},
): Promise<AuthorizationStart> {
  const codeVerifier = o.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set("client_id", CLIENT_ID);
  url.searchParams.set("redirect_uri", options.redirectUri ?? REDIRECT_URI);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "openid profile email");
  url.searchParams.set("code_challenge", await o.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  const start: AuthorizationStart = { url, codeVerifier };
  if (options.withState !== false) {
    start.state = o.generateRandomState();
    url.searchParams.set("state", start.state);
  }
  if (options.withNonce !== false) {
    start.nonce = o.generateRandomNonce();
    url.searchParams.set("nonce", start.nonce);
  }
  for (const [key, value] of Object.entries(options.extra ?? {})) url.searchParams.set(key, value);
  return start;
}

export interface ChooserPage {
  status: number;
  html: string;
  requestId: string;
}

export async function openChooser(url: URL | string): Promise<ChooserPage> {
  const response = await fetch(url, { redirect: "manual", headers: { accept: "text/html" } });
  const html = await response.text();
  const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? "";
  return { status: response.status, html, requestId };
}

export type Choice = { account: string } | { custom: { name: string; email: string; picture?: string } } | { cancel: true };

/** Submits one of the chooser's forms, as a browser would, without following the redirect. */
export async function submitChoice(issuer: string, requestId: string, choice: Choice): Promise<Response> {
  const form = new URLSearchParams({ request: requestId });
  if ("account" in choice) form.set("account", choice.account);
  else if ("cancel" in choice) form.set("action", "cancel");
  else {
    form.set("action", "custom");
    form.set("name", choice.custom.name);
    form.set("email", choice.custom.email);
    form.set("picture", choice.custom.picture ?? "");
  }
  return fetch(`${issuer}/authorize`, { method: "POST", body: form, redirect: "manual" });
}

/** Opens the chooser, picks, and returns the URL the browser is sent back to. */
export async function chooseAndReturn(issuer: string, authorizationUrl: URL, choice: Choice): Promise<URL> {
  const page = await openChooser(authorizationUrl);
  expect(page.status).toBe(200);
  const response = await submitChoice(issuer, page.requestId, choice);
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** A raw token request, for the refusal cases that oauth4webapi would not let us build. */
export async function postToken(
  issuer: string,
  params: Record<string, string>,
  auth: { basic?: [string, string] } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth.basic) {
    const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
    headers.authorization = `Basic ${btoa(`${encode(auth.basic[0])}:${encode(auth.basic[1])}`)}`;
  }
  const response = await fetch(`${issuer}/token`, { method: "POST", headers, body: new URLSearchParams(params) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** Gets a code for a demo account through the real chooser; returns what a token request needs. */
export async function obtainCode(
  issuer: string,
  as: o.AuthorizationServer,
  choice: Choice = { account: "hanako@example.com" },
): Promise<{ code: string; codeVerifier: string }> {
  const start = await startAuthorization(as);
  const back = await chooseAndReturn(issuer, start.url, choice);
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return { code: code!, codeVerifier: start.codeVerifier };
}
