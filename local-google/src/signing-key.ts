// The RS256 key that signs ID tokens. A fresh key per start: nothing outlives the process, and a
// client that caches an old JWKS gets a clear "no matching kid" instead of silently passing.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";

export interface SigningKey {
  /** The public JWK Set served at /jwks. */
  jwks: { keys: JWK[] };
  sign(claims: JWTPayload): Promise<string>;
}

export async function createSigningKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  const publicJwk: JWK = { ...jwk, kid, alg: "RS256", use: "sig" };
  return {
    jwks: { keys: [publicJwk] },
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(privateKey),
  };
}
