// Client authentication at the token endpoint. Convex Auth (like Auth.js) sends
// client_secret_basic by default; client_secret_post is accepted too, as Google does.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HttpError, singleParam } from "./http.js";

export interface ClientConfig {
  /** When set, only this client_id is accepted. */
  clientId?: string;
  /** When set, the client must present exactly this secret. */
  clientSecret?: string;
}

export interface ClientCredentials {
  clientId: string;
  method: "client_secret_basic" | "client_secret_post";
}

/** Identifies and authenticates the client of a token request, or throws invalid_client. */
export function authenticateClient(req: IncomingMessage, form: URLSearchParams, config: ClientConfig): ClientCredentials {
  const basic = parseBasicAuthorization(req.headers.authorization);
  const postId = singleParam(form, "client_id");
  const postSecret = singleParam(form, "client_secret");
  if (basic && postSecret !== undefined) {
    // RFC 6749 2.3: a client MUST NOT use more than one authentication method per request.
    throw new HttpError(400, "invalid_request", "client authenticated with both client_secret_basic and client_secret_post");
  }
  if (basic && postId !== undefined && postId !== basic.id) {
    throw new HttpError(400, "invalid_request", "client_id in the body differs from the Authorization header");
  }
  const method = basic ? "client_secret_basic" : "client_secret_post";
  const clientId = basic?.id ?? postId;
  const secret = basic?.secret ?? postSecret;
  // 401 without a WWW-Authenticate challenge, as Google answers: oauth4webapi turns a challenge
  // into a generic "server responded with a challenge" error, while a plain JSON body surfaces as
  // invalid_client with our description in Convex Auth's log.
  if (!clientId) throw new HttpError(401, "invalid_client", "client authentication is required");
  if (config.clientId !== undefined && clientId !== config.clientId) {
    throw new HttpError(401, "invalid_client", `unknown client_id ${clientId} (the stand-in expects ${config.clientId})`);
  }
  if (config.clientSecret !== undefined && !sameSecret(secret, config.clientSecret)) {
    throw new HttpError(401, "invalid_client", "client secret is wrong or missing (AUTH_GOOGLE_SECRET must match the stand-in's)");
  }
  return { clientId, method };
}

/**
 * RFC 6749 2.3.1: id and secret are form-url-encoded before being joined with ":" and
 * base64-encoded, so "+" means a space. Auth.js and oauth4webapi encode this way.
 */
function parseBasicAuthorization(header: string | undefined): { id: string; secret: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, "invalid_client", "malformed Authorization header");
  const [, encoded = ""] = match;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new HttpError(401, "invalid_client", "malformed Basic credentials");
  return { id: formUrlDecode(decoded.slice(0, colon)), secret: formUrlDecode(decoded.slice(colon + 1)) };
}

function formUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    throw new HttpError(401, "invalid_client", "malformed Basic credentials");
  }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
