// Small HTTP helpers shared by the endpoints: JSON and HTML replies, OAuth error bodies,
// and reading a url-encoded form body.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Longest request body we read; every legitimate form here is a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error}: ${description}`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    // Tokens and one-time codes must never sit in a cache (RFC 6749 5.1).
    "cache-control": "no-store",
    pragma: "no-cache",
    ...headers,
  });
  res.end(text);
}

/** Pages carry no script; inline styles and images from anywhere (custom picture URLs) only. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; frame-ancestors 'none'";

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "cache-control": "no-store",
    "content-security-policy": PAGE_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  res.end(html);
}

export function sendOAuthError(res: ServerResponse, err: HttpError): void {
  sendJson(res, err.status, { error: err.error, error_description: err.description }, err.headers);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, "cache-control": "no-store" });
  res.end();
}

/** True when a browser navigated here (so an HTML page reads better than JSON). */
export function wantsHtml(req: IncomingMessage): boolean {
  return (req.headers.accept ?? "").includes("text/html");
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new HttpError(400, "invalid_request", "body must be application/x-www-form-urlencoded");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "invalid_request", "request body too large");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * One value of a parameter; a parameter sent twice is an error (RFC 6749 3.1 / 3.2), which also
 * stops "first one wins" confusions between the query and the form.
 */
export function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new HttpError(400, "invalid_request", `parameter ${name} was given more than once`);
  const value = values[0];
  return value === undefined || value === "" ? undefined : value;
}
