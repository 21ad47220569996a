// File storage over HTTP: upload URLs from ctx.storage.generateUploadUrl() accept a POST of the
// file and answer {storageId}; URLs from ctx.storage.getUrl() serve it with its content type.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DataDir } from "./data-dir.js";
import type { Engine } from "./engine.js";
import { HttpError, readBody, sendJson } from "./http-util.js";
import { CORS_HEADERS } from "./protocol.js";

export const STORAGE_PREFIX = "/api/storage/";

export async function handleStorage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  engine: Engine,
  dataDir: DataDir,
): Promise<void> {
  const rest = url.pathname.slice(STORAGE_PREFIX.length);
  if (rest === "upload") {
    if (req.method !== "POST" && req.method !== "PUT") throw new HttpError(405, "Upload with POST");
    const componentPath = engine.storage.consumeUploadToken(url.searchParams.get("token"));
    if (componentPath === null) {
      throw new HttpError(401, "Upload URL is invalid or expired; call generateUploadUrl() again.");
    }
    const bytes = await readBody(req, 1024 * 1024 * 1024);
    const contentType = req.headers["content-type"] ?? null;
    const storageId = await engine.storage.storeBlob(new Uint8Array(bytes), contentType, componentPath);
    sendJson(res, 200, { storageId }, CORS_HEADERS);
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed");
  const storageId = decodeURIComponent(rest);
  const doc = engine.storage.storageDoc(storageId);
  const bytes = doc ? await dataDir.readBlob(storageId) : null;
  if (!doc || !bytes) throw new HttpError(404, "File not found");
  res.writeHead(200, {
    ...CORS_HEADERS,
    "Content-Type": typeof doc.contentType === "string" ? doc.contentType : "application/octet-stream",
    "Content-Length": String(bytes.length),
    "Cache-Control": "private, max-age=2592000",
    ETag: `"${String(doc.sha256)}"`,
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
}
