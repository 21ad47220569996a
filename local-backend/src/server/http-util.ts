import type { IncomingMessage, ServerResponse } from "node:http";

const CODES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthenticated",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  413: "RequestTooLarge",
  503: "ServiceUnavailable",
};

/** An HTTP failure, answered as Convex does: `{ code, message }` with the status. */
export class HttpError extends Error {
  readonly code: string;

  constructor(
    readonly status: number,
    message: string,
    code?: string,
  ) {
    super(message);
    this.code = code ?? CODES[status] ?? "Error";
  }
}

export async function readBody(req: IncomingMessage, limitBytes = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new HttpError(413, "Request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const body = await readBody(req, 16 * 1024 * 1024);
  try {
    return JSON.parse(body.toString("utf8")) as T;
  } catch {
    throw new HttpError(400, "Failed to parse the request body as JSON", "BadJsonBody");
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(body);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers });
  res.end(text);
}

/** Authorization header: `Bearer <jwt>` (user) or `Convex <admin key>`. */
export function parseAuthorization(req: IncomingMessage): { kind: "user" | "admin"; token: string } | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, ...rest] = header.split(" ");
  const token = rest.join(" ").trim();
  if (!token) return null;
  if (scheme?.toLowerCase() === "bearer") return { kind: "user", token };
  if (scheme?.toLowerCase() === "convex") return { kind: "admin", token };
  return null;
}
