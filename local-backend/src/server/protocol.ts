// Wire details of the Convex client protocol shared by the WebSocket and HTTP endpoints.

/** Timestamps travel as u64 little-endian, base64. */
export function encodeTs(ts: bigint): string {
  const buf = Buffer.alloc(8);
  buf.writeBigUInt64LE(ts);
  return buf.toString("base64");
}

export function decodeTs(encoded: string): bigint {
  const buf = Buffer.from(encoded, "base64");
  return buf.length >= 8 ? buf.readBigUInt64LE(0) : 0n;
}

export const SYNC_PATH = /^\/api\/[^/]+\/sync$/;

/** Status code the HTTP API uses for a function that failed (ConvexHttpClient reads the body). */
export const STATUS_UDF_FAILED = 560;

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS, HEAD",
  "Access-Control-Allow-Headers": "Content-Type, Authorization, Convex-Client, Digest",
  "Access-Control-Max-Age": "86400",
};
