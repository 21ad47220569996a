// The site port: HTTP actions routed by the app's convex/http.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthVerifier } from "./auth.js";
import type { Engine, Identity } from "../engine/engine.js";
import { parseAuthorization, readBody } from "./http-util.js";
import type { Logger } from "../engine/logger.js";

export interface SiteDeps {
  engine: Engine;
  auth: AuthVerifier;
  siteUrl: string;
  logger: Logger;
}

export async function handleSiteRequest(req: IncomingMessage, res: ServerResponse, deps: SiteDeps): Promise<void> {
  const url = new URL(req.url ?? "/", deps.siteUrl);
  const method = req.method ?? "GET";
  const route = deps.engine.routeHttp(url.pathname, method);
  if (!route) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`No HttpAction routed for ${url.pathname}`);
    return;
  }
  // Like Convex, ctx.auth in an HTTP action reflects the request's Authorization header.
  let identity: Identity | null = null;
  const authorization = parseAuthorization(req);
  if (authorization?.kind === "user") {
    try {
      identity = await deps.auth.verify(authorization.token);
    } catch (err) {
      deps.logger.warn(`HTTP action ${url.pathname}: ignoring invalid Authorization: ${(err as Error).message}`);
    }
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readBody(req) : undefined;
  const request = new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
  const response = await deps.engine.runHttpAction(route, request, identity, `${method} ${route.routePath}`);

  const outHeaders: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") outHeaders[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outHeaders["set-cookie"] = cookies;
  const bytes = Buffer.from(await response.arrayBuffer());
  delete outHeaders["content-length"];
  delete outHeaders["content-encoding"];
  res.writeHead(response.status, { ...outHeaders, "content-length": String(bytes.length) });
  res.end(method === "HEAD" ? undefined : bytes);
}

/**
 * A GET to this backend's own site URL answered in-process: how the backend reads its own
 * OpenID configuration and JWKS (Convex Auth's issuer is the site URL) without calling itself
 * over HTTP, which under load could time out and refuse signed-in users.
 */
export async function fetchOwnSite(engine: Engine, url: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(url, { method: init.method ?? "GET", ...(init.headers ? { headers: init.headers } : {}) });
  const { pathname } = new URL(url);
  const route = engine.routeHttp(pathname, request.method);
  if (!route) return new Response(`No HttpAction routed for ${pathname}`, { status: 404 });
  return engine.runHttpAction(route, request, null, `${request.method} ${route.routePath}`);
}
