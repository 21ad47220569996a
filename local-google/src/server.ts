// Routes requests to the endpoints and turns thrown errors into OAuth error replies.
import type { IncomingMessage, ServerResponse } from "node:http";
import { handleAuthorizeGet, handleAuthorizePost } from "./authorize.js";
import { avatarSvg } from "./avatar.js";
import type { StandInContext } from "./context.js";
import { discoveryDocument } from "./discovery.js";
import { renderErrorPage } from "./error-page.js";
import { HttpError, sendHtml, sendJson, sendOAuthError, wantsHtml } from "./http.js";
import { handleToken } from "./token.js";
import { handleUserinfo } from "./userinfo.js";

const AVATAR_PATH = /^\/avatar\/([A-Za-z0-9_-]{1,64})\.svg$/;

export function createRequestHandler(ctx: StandInContext) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    route(ctx, req, res).catch((err: unknown) => reportError(ctx, req, res, err));
  };
}

async function route(ctx: StandInContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", ctx.issuer);
  const method = req.method ?? "GET";
  const allow = (...methods: string[]) => {
    if (!methods.includes(method)) {
      throw new HttpError(405, "invalid_request", `${method} is not allowed here`, { allow: methods.join(", ") });
    }
  };

  switch (url.pathname) {
    case "/.well-known/openid-configuration":
      allow("GET");
      return sendJson(res, 200, discoveryDocument(ctx.issuer));
    case "/jwks":
      allow("GET");
      return sendJson(res, 200, ctx.key.jwks);
    case "/authorize":
      allow("GET", "POST");
      return method === "GET" ? handleAuthorizeGet(ctx, url, res) : handleAuthorizePost(ctx, req, res);
    case "/token":
      allow("POST");
      return handleToken(ctx, req, res);
    case "/userinfo":
      allow("GET", "POST");
      return handleUserinfo(ctx, req, res);
    case "/":
      allow("GET");
      return sendJson(res, 200, {
        service: "local-google: offline Google OpenID Connect stand-in (development and tests only)",
        issuer: ctx.issuer,
        discovery: `${ctx.issuer}/.well-known/openid-configuration`,
      });
  }
  const avatar = AVATAR_PATH.exec(url.pathname);
  if (avatar && method === "GET") {
    const [, seed = ""] = avatar;
    const svg = avatarSvg(seed, url.searchParams.get("name") ?? "");
    res.writeHead(200, {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=86400",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
      // The app shows these pictures from its own origin.
      "cross-origin-resource-policy": "cross-origin",
    });
    res.end(svg);
    return;
  }
  throw new HttpError(404, "not_found", `no such endpoint: ${url.pathname}`);
}

function reportError(ctx: StandInContext, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  const httpError = err instanceof HttpError ? err : new HttpError(500, "server_error", "the stand-in failed; see its log");
  const path = new URL(req.url ?? "/", ctx.issuer).pathname;
  if (!(err instanceof HttpError)) ctx.log(`internal error on ${req.method} ${path}: ${String((err as Error)?.stack ?? err)}`);
  else if (httpError.error !== "not_found")
    ctx.log(`${req.method} ${path} → ${httpError.status} ${httpError.error}: ${httpError.description}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // People reach /authorize in a browser; everything else is spoken to by programs.
  if (wantsHtml(req) && path === "/authorize") {
    sendHtml(res, httpError.status, renderErrorPage(httpError.status, httpError.error, httpError.description));
    return;
  }
  sendOAuthError(res, httpError);
}
