// Signing in through the real OAuth flow: the app's ログイン button, Convex Auth's redirect to the
// local Google stand-in, its account chooser, and the redirect back with the code.
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { completeProfileSetup, signInThroughStandIn } from "./stand-in-sign-in";

export type TestIdentity = { name: string; email: string };

let counter = 0;
/** A Google identity no earlier test used, so it signs in as a brand-new user. */
export function newIdentity(name = "テスト太郎"): TestIdentity {
  counter++;
  return { name, email: `e2e-${Date.now().toString(36)}-${counter}@example.com` };
}

export async function signIn(page: Page, identity: TestIdentity) {
  await signInThroughStandIn(page, identity, new URL(inject("appUrl")).origin);
}

/** Signs a brand-new identity in and finishes the profile setup it is sent to (ends on /). */
export async function signInWithProfile(page: Page, identity: TestIdentity) {
  await signIn(page, identity);
  await completeProfileSetup(page, `e2e_${Date.now().toString(36)}${counter}`);
}
