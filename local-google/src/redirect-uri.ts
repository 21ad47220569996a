// Which redirect URIs the stand-in will send codes to. Only this machine: the stand-in exists for
// offline development, so a code must never be handed to another host.
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The reason a redirect URI is refused, or null when it is acceptable. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "redirect_uri is not an absolute URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "redirect_uri must be an http(s) URL";
  if (!LOOPBACK_HOSTS.has(url.hostname)) return "redirect_uri must point at this machine (127.0.0.1, localhost or [::1])";
  if (url.username || url.password) return "redirect_uri must not contain credentials";
  // RFC 6749 3.1.2: the endpoint URI MUST NOT include a fragment.
  if (url.hash || value.includes("#")) return "redirect_uri must not contain a fragment";
  return null;
}

/** Adds response parameters to the redirect URI, keeping any query it already has. */
export function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
