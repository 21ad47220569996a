// /userinfo: the chosen identity's claims for a Bearer access token (OIDC Core 5.3).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StandInContext } from "./context.js";
import { HttpError, sendJson } from "./http.js";

export function handleUserinfo(ctx: StandInContext, req: IncomingMessage, res: ServerResponse): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!match) {
    // RFC 6750 3.1: no credentials at all gets a bare challenge without an error code.
    throw new HttpError(401, "invalid_request", "a Bearer access token is required", {
      "www-authenticate": 'Bearer realm="local-google"',
    });
  }
  const [, accessToken = ""] = match;
  const token = ctx.grants.findAccessToken(accessToken);
  if (!token) {
    throw new HttpError(401, "invalid_token", "access token is unknown, expired or revoked", {
      "www-authenticate": 'Bearer realm="local-google", error="invalid_token"',
    });
  }
  sendJson(res, 200, token.claims);
}
