// The duplicate-demo check folds a demo URL so trivial variations of the same address compare
// equal: scheme, "www.", letter case of the host, a trailing slash, utm_* tracking parameters and
// the fragment do not make a different app.

/** The folded form of a demo URL, or undefined when it is not a URL with a host. */
export function demoUrlKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (!parsed.hostname) return undefined;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
  const port = parsed.port ? `:${parsed.port}` : "";
  const path = parsed.pathname.replace(/\/+$/, "");
  const params = [...parsed.searchParams].filter(([name]) => !name.toLowerCase().startsWith("utm_"));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : "";
  return `${host}${port}${path}${query}`;
}
