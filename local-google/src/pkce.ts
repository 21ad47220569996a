// PKCE (RFC 7636) with the S256 method only: "plain" adds nothing over no PKCE.
import { createHash } from "node:crypto";

// RFC 7636 4.1: 43-128 characters from the unreserved set. The challenge, a base64url SHA-256,
// is always 43 characters of the same alphabet.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function isValidChallenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

export function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

export function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  return verifier !== undefined && VERIFIER.test(verifier) && s256(verifier) === challenge;
}
