// File storage over HTTP: upload URLs from ctx.storage.generateUploadUrl() accept a POST of the
// file and answer {storageId}; URLs from ctx.storage.getUrl() serve it with its content type.
// Both stream between the socket and the blob file; uploads are capped (`maxUploadBytes`).
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { DataDir } from "../persistence/data-dir.js";
import type { Engine } from "../engine/engine.js";
import { HttpError, sendJson } from "./http-util.js";
import { CORS_HEADERS } from "./protocol.js";

export const STORAGE_PREFIX = "/api/storage/";

/** Default largest upload (Convex sets none for upload URLs; a local disk deserves one). */
export const DEFAULT_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

export interface StorageOptions {
  maxUploadBytes: number;
}

function uploadTooLarge(limit: number): HttpError {
  return new HttpError(413, `The upload is larger than the limit of ${limit} bytes`);
}

export async function handleStorage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  engine: Engine,
  dataDir: DataDir,
  options: StorageOptions,
): Promise<void> {
  const rest = url.pathname.slice(STORAGE_PREFIX.length);
  if (rest === "upload") {
    if (req.method !== "POST" && req.method !== "PUT") throw new HttpError(405, "Upload with POST");
    const limit = options.maxUploadBytes;
    try {
      const declared = Number(req.headers["content-length"]);
      if (Number.isFinite(declared) && declared > limit) throw uploadTooLarge(limit);
      const componentPath = engine.storage.consumeUploadToken(url.searchParams.get("token"));
      if (componentPath === null) {
        throw new HttpError(401, "Upload URL is invalid or expired; call generateUploadUrl() again.");
      }
      // Streamed to disk as it arrives: memory stays flat whatever the file's size.
      const contentType = req.headers["content-type"] ?? null;
      const storageId = await engine.storage.storeStream(req, limit, () => uploadTooLarge(limit), contentType, componentPath);
      await engine.whenDurable();
      sendJson(res, 200, { storageId }, CORS_HEADERS);
    } catch (err) {
      if (!req.complete) {
        // Stop reading the rest of a refused upload: answer, then drop the connection.
        res.setHeader("Connection", "close");
        res.on("finish", () => req.destroy());
      }
      throw err;
    }
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed");
  const storageId = decodeURIComponent(rest);
  const doc = engine.storage.storageDoc(storageId);
  const size = doc ? await dataDir.blobSize(storageId) : null;
  if (!doc || size === null) throw new HttpError(404, "File not found");
  res.writeHead(200, {
    ...CORS_HEADERS,
    "Content-Type": typeof doc.contentType === "string" ? doc.contentType : "application/octet-stream",
    "Content-Length": String(size),
    "Cache-Control": "private, max-age=2592000",
    ETag: `"${String(doc.sha256)}"`,
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // Streamed from disk, never read whole into memory.
  await pipeline(fs.createReadStream(dataDir.blobPath(storageId)), res).catch(() => res.destroy());
}
