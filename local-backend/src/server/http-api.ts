// Convex's public HTTP API (docs.convex.dev/http-api): POST /api/query, /api/mutation,
// /api/action, GET /api/query, POST /api/run/{module/path/function}, /api/query_batch, and the
// admin-only /api/function (the one ConvexHttpClient uses with admin auth, and the only one that
// takes a componentPath), plus /api/query_ts and /api/query_at_ts.
//
// Arguments are read as Convex's encoded JSON whatever the format; results come back in the
// requested `format`: `json` (Convex's "clean" export: int64 as a decimal string, bytes as
// base64, NaN/Infinity as strings) or `convex_encoded_json` (what the official clients ask for).
import type { IncomingMessage, ServerResponse } from "node:http";
import { convexToJson, type JSONValue, jsonToConvex, type Value } from "convex/values";
import type { AuthVerifier } from "./auth.js";
import type { Engine, Identity, Outcome } from "../engine/engine.js";
import type { FunctionKind } from "../core/functions.js";
import { HttpError, parseAuthorization, readJson, sendJson } from "./http-util.js";
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
const RUN_PREFIX = "/api/run/";

export function isFunctionApiPath(pathname: string): boolean {
  return pathname in ENDPOINTS || pathname === "/api/query_ts" || pathname === "/api/query_batch" || pathname.startsWith(RUN_PREFIX);
}

type ValueFormat = "json" | "convex_encoded_json";

/** Convex's `format` values, legacy aliases included. */
function parseFormat(format: unknown, fallback: ValueFormat): ValueFormat {
  if (format === undefined || format === null) return fallback;
  if (format === "json" || format === "convex_clean_json") return "json";
  if (format === "convex_encoded_json" || format === "convex_json") return "convex_encoded_json";
  throw new HttpError(
    400,
    `format param must be one of [\`json\`]. Got ${typeof format === "string" ? format : JSON.stringify(format)}`,
    "BadFormat",
  );
}

/** Convex's clean JSON export of a value (lossy: strings and bytes both become JSON strings). */
export function exportCleanJson(value: Value): JSONValue {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
    return value;
  }
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(exportCleanJson);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exportCleanJson(v as Value)]));
}

function exportValue(value: Value, format: ValueFormat): JSONValue {
  return format === "json" ? exportCleanJson(value) : convexToJson(value);
}

/** Named arguments (an object), or the legacy positional list whose first item is used. */
function decodeArgs(raw: unknown): Record<string, Value> {
  if (raw === undefined) return {};
  const first = Array.isArray(raw) ? (raw[0] as JSONValue | undefined) : (raw as JSONValue);
  if (first === undefined) return {};
  try {
    // Not necessarily an object: the function then refuses it as Convex does ("must be an object").
    return jsonToConvex(first) as Record<string, Value>;
  } catch (err) {
    throw new HttpError(400, `Invalid arguments: ${(err as Error).message}`, "InvalidArgs");
  }
}

interface Caller {
  identity: Identity | null;
  admin: boolean;
}

async function authenticate(req: IncomingMessage, deps: HttpApiDeps): Promise<Caller> {
  const authorization = parseAuthorization(req);
  if (authorization?.kind === "admin") {
    if (authorization.token !== deps.adminKey) throw badDeployKey();
    return { identity: null, admin: true };
  }
  if (authorization?.kind === "user") {
    try {
      return { identity: await deps.auth.verify(authorization.token), admin: false };
    } catch (err) {
      throw new HttpError(401, (err as Error).message, "Unauthenticated");
    }
  }
  return { identity: null, admin: false };
}

function badDeployKey(): HttpError {
  return new HttpError(
    403,
    "The provided deploy key was invalid for this deployment. Double check that the environment this key was generated for matches the desired deployment.",
    "BadDeployKey",
  );
}

function requestObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Failed to deserialize the JSON body: expected an object", "BadJsonBody");
  }
  return body as Record<string, unknown>;
}

/** `/api/run/messages/list` → `messages:list`. */
function udfPathFromRunUrl(pathname: string): string {
  const parts = pathname
    .slice(RUN_PREFIX.length)
    .split("/")
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return "";
      }
    });
  const fn = parts.pop();
  if (!fn || parts.length === 0 || parts.some((p) => p === "")) {
    throw new HttpError(400, "Path or function name not provided in path, e.g. /api/run/messages/list", "MissingIdentifier");
  }
  return `${parts.join("/")}:${fn}`;
}

interface Call {
  path: unknown;
  args: unknown;
  format: unknown;
  componentPath?: unknown;
}

/** Run one call and describe it as the HTTP API answers it. */
async function runCall(
  call: Call,
  expected: FunctionKind | "any",
  caller: Caller,
  deps: HttpApiDeps,
  defaultFormat: ValueFormat,
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (typeof call.path !== "string" || call.path === "") throw new HttpError(400, "Missing `path`", "BadJsonBody");
  const format = parseFormat(call.format, defaultFormat);
  if (call.componentPath !== undefined && call.componentPath !== null && typeof call.componentPath !== "string") {
    throw new HttpError(400, "`componentPath` must be a string", "BadJsonBody");
  }
  const componentPath = typeof call.componentPath === "string" ? call.componentPath : "";
  const args = decodeArgs(call.args);
  const check = deps.engine.checkCallable(call.path, expected, caller.admin, componentPath);
  if ("error" in check) return { status: STATUS_UDF_FAILED, body: { status: "error", errorMessage: check.error } };
  const outcome = await deps.engine.run(check.kind, call.path, args, { identity: caller.identity, componentPath });
  // Nothing it committed or read is told before it is on disk.
  await deps.engine.whenDurable();
  return { status: outcome.ok ? 200 : STATUS_UDF_FAILED, body: describeOutcome(outcome, format) };
}

function describeOutcome(outcome: Outcome, format: ValueFormat): Record<string, unknown> {
  // Convex leaves out logLines when there are none.
  const logLines = outcome.logLines.length > 0 ? { logLines: outcome.logLines } : {};
  if (outcome.ok) return { status: "success", value: exportValue(outcome.value, format), ...logLines };
  return {
    status: "error",
    errorMessage: outcome.errorMessage,
    ...(outcome.errorData !== undefined ? { errorData: exportValue(jsonToConvex(outcome.errorData), format) } : {}),
    ...logLines,
  };
}

export async function handleFunctionApi(req: IncomingMessage, res: ServerResponse, url: URL, deps: HttpApiDeps): Promise<void> {
  const { pathname } = url;
  if (pathname === "/api/query" && req.method === "GET") {
    // GET /api/query?path=…&args=<JSON>&format=…
    const caller = await authenticate(req, deps);
    let args: unknown = {};
    try {
      args = JSON.parse(url.searchParams.get("args") ?? "{}");
    } catch {
      throw new HttpError(400, "`args` is not valid JSON", "BadQueryArgs");
    }
    const call = { path: url.searchParams.get("path"), args, format: url.searchParams.get("format") ?? undefined };
    const { status, body } = await runCall(call, "query", caller, deps, "json");
    sendJson(res, status, body, CORS_HEADERS);
    return;
  }
  if (req.method !== "POST") throw new HttpError(405, "Use POST", "MethodNotAllowed");
  if (pathname === "/api/query_ts") {
    sendJson(res, 200, { ts: encodeTs(deps.engine.currentTs()) }, CORS_HEADERS);
    return;
  }
  const caller = await authenticate(req, deps);
  const body = requestObject(await readJson<unknown>(req));

  if (pathname === "/api/query_batch") {
    if (!Array.isArray(body.queries)) throw new HttpError(400, "Missing `queries`", "BadJsonBody");
    const results = [];
    for (const query of body.queries) {
      results.push((await runCall(requestObject(query) as unknown as Call, "query", caller, deps, "json")).body);
    }
    sendJson(res, 200, { results }, CORS_HEADERS);
    return;
  }
  if (pathname.startsWith(RUN_PREFIX)) {
    // Any kind of function exported by the app (not a component), named in the URL.
    const call = { path: udfPathFromRunUrl(pathname), args: body.args, format: body.format };
    const { status, body: answer } = await runCall(call, "any", caller, deps, "json");
    sendJson(res, status, answer, CORS_HEADERS);
    return;
  }
  const expected = ENDPOINTS[pathname];
  if (expected === undefined) throw new HttpError(404, `No such endpoint: ${pathname}`, "NotFound");
  if (pathname === "/api/function" && !caller.admin) throw badDeployKey();
  const call: Call = { path: body.path, args: body.args, format: body.format };
  if (pathname === "/api/function") call.componentPath = body.componentPath;
  const { status, body: answer } = await runCall(call, expected, caller, deps, "json");
  sendJson(res, status, answer, CORS_HEADERS);
}

export function sendHttpError(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof HttpError) {
    sendJson(res, err.status, { code: err.code, message: err.message }, CORS_HEADERS);
  } else {
    sendJson(res, 500, { code: "InternalServerError", message: `local-backend: ${(err as Error).message}` }, CORS_HEADERS);
  }
}
