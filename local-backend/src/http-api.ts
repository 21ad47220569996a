// The HTTP function API used by ConvexHttpClient: POST /api/query, /api/mutation, /api/action,
// /api/function (any kind), plus /api/query_ts and /api/query_at_ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { AuthVerifier } from "./auth.js";
import type { Engine, FunctionKind, Identity } from "./engine.js";
import { HttpError, parseAuthorization, readJson, sendJson, sendText } from "./http-util.js";
import { CORS_HEADERS, encodeTs, STATUS_UDF_FAILED } from "./protocol.js";

export interface HttpApiDeps {
  engine: Engine;
  auth: AuthVerifier;
  adminKey: string;
}

const ENDPOINTS: Record<string, FunctionKind | "any"> = {
  "/api/query": "query",
  "/api/query_at_ts": "query",
  "/api/mutation": "mutation",
  "/api/action": "action",
  "/api/function": "any",
};

export function isFunctionApiPath(pathname: string): boolean {
  return pathname in ENDPOINTS || pathname === "/api/query_ts";
}

interface FunctionRequest {
  path?: string;
  args?: JSONValue[] | JSONValue;
  componentPath?: string;
  format?: string;
}

export async function handleFunctionApi(req: IncomingMessage, res: ServerResponse, pathname: string, deps: HttpApiDeps): Promise<void> {
  if (req.method !== "POST") throw new HttpError(405, "Use POST");
  if (pathname === "/api/query_ts") {
    sendJson(res, 200, { ts: encodeTs(deps.engine.currentTs()) }, CORS_HEADERS);
    return;
  }
  const expected = ENDPOINTS[pathname];
  let identity: Identity | null = null;
  let admin = false;
  const authorization = parseAuthorization(req);
  if (authorization?.kind === "admin") {
    if (authorization.token !== deps.adminKey) throw new HttpError(401, "The admin key is not valid for this backend.");
    admin = true;
  } else if (authorization?.kind === "user") {
    try {
      identity = await deps.auth.verify(authorization.token);
    } catch (err) {
      sendJson(res, 401, { code: "Unauthenticated", message: (err as Error).message }, CORS_HEADERS);
      return;
    }
  }
  const body = await readJson<FunctionRequest>(req);
  if (typeof body.path !== "string") throw new HttpError(400, "Missing `path`");
  if (body.format !== undefined && body.format !== "convex_encoded_json") {
    throw new HttpError(400, `Unsupported format ${body.format}`);
  }
  const rawArgs = Array.isArray(body.args) ? body.args[0] : body.args;
  const args = (rawArgs === undefined || rawArgs === null ? {} : jsonToConvex(rawArgs)) as Record<string, Value>;

  const check = body.componentPath
    ? { error: "local-backend does not support calling component functions" }
    : deps.engine.checkCallable(body.path, expected, admin);
  if ("error" in check) {
    sendJson(res, STATUS_UDF_FAILED, { status: "error", errorMessage: check.error, logLines: [] }, CORS_HEADERS);
    return;
  }
  const outcome = await deps.engine.run(check.kind, body.path, args, { identity });
  if (outcome.ok) {
    sendJson(res, 200, { status: "success", value: convexToJson(outcome.value), logLines: outcome.logLines }, CORS_HEADERS);
  } else {
    sendJson(
      res,
      STATUS_UDF_FAILED,
      {
        status: "error",
        errorMessage: outcome.errorMessage,
        ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
        logLines: outcome.logLines,
      },
      CORS_HEADERS,
    );
  }
}

export function sendHttpError(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof HttpError) sendText(res, err.status, err.message, CORS_HEADERS);
  else sendText(res, 500, `local-backend: ${(err as Error).message}`, CORS_HEADERS);
}
