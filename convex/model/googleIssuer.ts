/**
 * The Google issuer override for offline development and e2e tests: AUTH_GOOGLE_ISSUER points the
 * real Google provider at the local OpenID Connect stand-in (local-google/). Only a loopback URL
 * is accepted, so a production deployment can never be pointed at another identity provider.
 */
export function googleIssuerOverride(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`AUTH_GOOGLE_ISSUER is not a URL: ${value}`);
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  if (url.protocol !== "http:" || !loopback) {
    throw new Error(
      `AUTH_GOOGLE_ISSUER must be a loopback http URL (the local Google stand-in), got ${value}. ` +
        "Unset it to sign in with real Google.",
    );
  }
  // Passed as is: the ID token's iss is compared with it character for character.
  return value;
}
