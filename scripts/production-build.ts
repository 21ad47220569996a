// A production build of the app served as a static host serves it, for the benchmarks that
// measure what visitors get (bench-bundle, bench-lighthouse): Vite's build into a folder, and a
// small HTTP server with the single-page-app fallback to index.html and brotli or gzip (over HTTP/2
// with TLS when given a certificate, as hosting services serve sites).
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");

/** Builds the app for production into `outDir` (VITE_* variables from process.env). */
export async function buildForProduction(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root,
      configFile: path.join(root, "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir, emptyOutDir: true, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".txt", ".webmanifest"]);

/** How a host compresses text: at the highest level, once, ahead of the requests. */
export type Encoding = "br" | "gzip";
export const COMPRESSORS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes) => zlib.gzipSync(bytes, { level: 9 }),
};
const ACCEPTS: Record<Encoding, RegExp> = { br: /\bbr\b/, gzip: /\bgzip\b/ };

/**
 * Serves `dir` like a static host: files as they are (hashed assets cached for a year), a folder's
 * index.html for the folder (/projects → projects/index.html, as Netlify, Vercel, Cloudflare Pages
 * and GitHub Pages do), any other path answered with the root index.html, text compressed for
 * browsers that accept it: brotli where the browser takes it, as Netlify, Vercel and Cloudflare
 * Pages serve it, else gzip; with `encodings: ["gzip"]` gzip only, as GitHub Pages serves it (`[]`:
 * nothing compressed). With `tls` it speaks HTTP/2 over TLS (and HTTP/1.1 to clients without
 * HTTP/2), as those hosts do; without, plain HTTP/1.1.
 */
export async function serveStatic(
  dir: string,
  tls?: { key: string | Buffer; cert: string | Buffer },
  encodings: readonly Encoding[] = ["br", "gzip"],
): Promise<{ url: string; close: () => Promise<void> }> {
  // Text is compressed before the first request, as hosts serve it from a compressed cache: no
  // request pays compression time (Lighthouse adds each file's observed server time to its
  // simulation).
  const compressed = new Map<string, Buffer>();
  const compress = (file: string, encoding: Encoding) => {
    const key = `${encoding}:${file}`;
    let body = compressed.get(key);
    if (!body) {
      body = COMPRESSORS[encoding](fs.readFileSync(file));
      compressed.set(key, body);
    }
    return body;
  };
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, entry);
    if (COMPRESSIBLE.has(path.extname(file)) && fs.statSync(file).isFile()) {
      for (const encoding of encodings) compress(file, encoding);
    }
  }
  const handler = (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = path.join(dir, path.normalize(pathname));
    if (file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!file.startsWith(dir) || !fs.existsSync(file)) file = path.join(dir, "index.html");
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      "content-type": CONTENT_TYPES[ext] ?? "application/octet-stream",
      "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    };
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const encoding = COMPRESSIBLE.has(ext) ? encodings.find((e) => ACCEPTS[e].test(accepted)) : undefined;
    if (encoding) {
      res.writeHead(200, { ...headers, "content-encoding": encoding, vary: "accept-encoding" });
      res.end(compress(file, encoding));
      return;
    }
    res.writeHead(200, headers);
    fs.createReadStream(file).pipe(res);
  };
  const server = tls ? http2.createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, handler) : http.createServer(handler);
  // A browser keeps its connections (an HTTP/2 session above all) open: closing ends them.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
