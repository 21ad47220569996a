// startLocalBackend(): serves a convex/ folder to the official Convex clients, offline.
//
//   cloud port (url):     WebSocket sync, HTTP function API, file storage, mail sink
//   site port (siteUrl):  HTTP actions from convex/http.ts
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { clearInterval, setInterval } from "node:timers";
import { ConvexError, jsonToConvex, type Value } from "convex/values";
import { WebSocketServer } from "ws";
import { type AuthFetch, AuthVerifier } from "./server/auth.js";
import type { BuiltApp } from "./core/app.js";
import { BuildError, buildApp } from "./build/build.js";
import { DataDir, isProcessAlive } from "./persistence/data-dir.js";
import { Engine, type Identity } from "./engine/engine.js";
import { callableKindOf } from "./core/functions.js";
import { CronRunner } from "./engine/crons.js";
import { runCodegen } from "./tools/codegen/index.js";
import { missingRequiredEnv } from "./build/components/definitions.js";
import { buildFunctionEnv, loadOrCreateSecrets, readEnvFiles } from "./build/env.js";
import { FunctionEnvironment } from "./engine/function-env.js";
import { handleFunctionApi, isFunctionApiPath, sendHttpError } from "./server/http-api.js";
import { HttpError, sendText } from "./server/http-util.js";
import { Logger, type LogSink } from "./engine/logger.js";
import { MAIL_SINK_PREFIX, type MailMessage, MailSink } from "./server/mail-sink.js";
import { CORS_HEADERS, SYNC_PATH } from "./server/protocol.js";
import { fetchOwnSite, handleSiteRequest } from "./server/site.js";
import { checkSchema, restoreSnapshot, SnapshotWriter, warnMissingBlobs } from "./persistence/snapshot.js";
import { DEFAULT_MAX_UPLOAD_BYTES, handleStorage, STORAGE_PREFIX } from "./server/storage-http.js";
import { SubscriptionIndex, SyncSession } from "./server/sync.js";
import { watchFolder } from "./server/watch.js";

export { InternalsMismatchError } from "./convex-test-adapter/internals.js";
export { LocalBackendStartupError } from "./persistence/data-dir.js";
export type { MailMessage } from "./server/mail-sink.js";
export type { Identity } from "./engine/engine.js";

const HOST = "127.0.0.1";
const PING_INTERVAL_MS = 15_000;
/** Largest sync message accepted (Convex's argument limit is 16 MiB, encoded JSON is larger). */
const MAX_SYNC_MESSAGE_BYTES = 64 * 1024 * 1024;
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** An origin and, for a loopback one, the same port on the other loopback names. */
function originVariants(value: string | undefined): string[] {
  if (!value) return [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [];
  }
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}
const BUILD_PREFIX = "convex-local-build-";

/** Bundles live in the temp dir, named after their process; clear those of dead processes. */
function removeStaleBuilds(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^convex-local-build-(\d+)-/.exec(entry)?.[1]);
    if (pid && !isProcessAlive(pid)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

export interface LocalBackendOptions {
  /** The app's convex/ folder (with _generated). */
  convexDir: string;
  /** Where documents, files, keys and mail are kept. Default: a temporary folder removed on stop. */
  dataDir?: string;
  /** Cloud port (sync, HTTP API, storage, mail sink). Default 3210; 0 picks a free port. */
  port?: number;
  /** Site port (HTTP actions). Default 3211; 0 picks a free port. */
  sitePort?: number;
  /** Extra environment variables for functions (override env files). */
  env?: Record<string, string>;
  /** dotenv files whose variables functions see (missing files are skipped). */
  envFile?: string | string[];
  /** SITE_URL for functions, e.g. the web app's URL (Convex Auth redirects there). */
  siteUrl?: string;
  /** Wipe the data dir first. */
  reset?: boolean;
  /** Rebuild on changes in convexDir. Default true. */
  watch?: boolean;
  /**
   * Write convexDir/_generated (and local components') before every build, as `npx convex dev`
   * does on every push. Default false.
   */
  codegen?: boolean;
  /** Where output goes: a line sink, false for silence, default stdout. */
  log?: LogSink | false;
  /**
   * Web origins whose pages may use the cloud port (the sync WebSocket, the HTTP API, uploads),
   * besides this backend's own URLs and the web app's: `siteUrl` and the functions' current
   * `SITE_URL` (e.g. set with setEnv once the app's dev server listens). Loopback origins also
   * match on localhost, 127.0.0.1 and [::1]. Requests without an Origin header (Node clients,
   * curl) are always served. "*" serves every origin.
   */
  allowedOrigins?: string[] | "*";
  /** Largest file an upload URL accepts, in bytes. Default 1 GiB. */
  maxUploadBytes?: number;
  /**
   * Compact the write-ahead log into a new snapshot (db.json) once it holds this many bytes.
   * Default: 8 MiB or half the last snapshot's size, whichever is larger. Also on stop() and flush().
   */
  compactLogBytes?: number;
  /**
   * Serve both ports over HTTPS with this key and certificate (PEM), as a hosted deployment is
   * served: the URLs, the functions' CONVEX_CLOUD_URL and CONVEX_SITE_URL and the file URLs are
   * then https, and the sync socket wss. Default: plain HTTP.
   */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

export interface RunAs {
  /** Run as this user (subject required; issuer defaults to the site URL). */
  identity?: Partial<Identity> & { subject: string };
  /** Run a function of this component (its path, e.g. "rateLimiter") instead of the app's. */
  component?: string;
}

export interface LocalBackend {
  /** Convex deployment URL for clients (VITE_CONVEX_URL). */
  url: string;
  /** CONVEX_SITE_URL: where HTTP actions are served. */
  siteUrl: string;
  mailSinkUrl: string;
  /** URL the app's EmailJS endpoint setting should point at. */
  mailSendUrl: string;
  dataDir: string;
  /** Accepted as `Authorization: Convex <key>` / setAdminAuth: may call internal functions. */
  adminKey: string;
  /** The environment functions see (process.env inside functions). */
  env: Readonly<Record<string, string>>;
  setEnv(name: string, value: string | undefined): void;
  /** Run any function, internal ones included (seeding, tests). Throws the function's error. */
  run(udfPath: string, args?: Record<string, Value>, options?: RunAs): Promise<Value>;
  /** Rebuild now; false if the build failed (the old code keeps serving). */
  reload(): Promise<boolean>;
  /** Compact the write-ahead log into a new snapshot now (if anything changed). */
  flush(): Promise<void>;
  mail: { list(): MailMessage[]; clear(): Promise<void> };
  stop(): Promise<void>;
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        err.code === "EADDRINUSE"
          ? new Error(`local-backend: port ${port} on ${HOST} is in use (pass another port, or 0 for a free one)`)
          : err,
      );
    };
    server.once("error", onError);
    server.listen(port, HOST, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Crons of the app and of every component. */
function cronJobsOf(app: BuiltApp): Array<{ componentPath: string; crons: BuiltApp["crons"] }> {
  return [app, ...app.components].map((built) => ({ componentPath: built.componentPath, crons: built.crons }));
}

/** Convex refuses a push when a component's required environment variable is not provided. */
function checkComponentEnv(app: BuiltApp, env: Record<string, string>): void {
  for (const { instance } of app.components) {
    const missing = missingRequiredEnv(instance, env);
    if (missing.length > 0) {
      throw new BuildError(
        `component "${instance.path}" requires environment variable${missing.length > 1 ? "s" : ""} ` +
          `${missing.join(", ")}: pass ${missing.length > 1 ? "them" : "it"} in convex.config.ts (use(..., { env }))` +
          ` or set the deployment variable it refers to.`,
      );
    }
  }
}

export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const logger = new Logger(options.log);
  const convexDir = path.resolve(options.convexDir);
  const ephemeral = !options.dataDir;
  const dataRoot = options.dataDir ? path.resolve(options.dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), "convex-local-data-"));
  const dataDir = DataDir.open(dataRoot, { reset: options.reset ?? false, logger });
  removeStaleBuilds();
  const buildRoot = fs.mkdtempSync(path.join(os.tmpdir(), `${BUILD_PREFIX}${process.pid}-`));
  const envKey = `__convexLocalBackendEnv_${randomUUID().replace(/-/g, "")}`;
  const globals = globalThis as Record<string, unknown>;

  // Requests can arrive as soon as we listen; they wait until the engine is up.
  const ready = deferred();
  type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  const notReady: Handler = () => Promise.reject(new HttpError(503, "starting"));
  let onCloud: Handler = notReady;
  let onSite: Handler = notReady;
  const serve = (handler: () => Handler) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    void ready.promise.then(() => handler()(req, res)).catch((err: unknown) => sendHttpError(res, err));
  };
  const createServer = (handler: http.RequestListener) =>
    options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler) : http.createServer(handler);
  const cloudServer = createServer(serve(() => onCloud));
  const siteServer = createServer(serve(() => onSite));
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_SYNC_MESSAGE_BYTES });
  const sessions = new Set<SyncSession>();
  let stopWatching: () => void = () => undefined;
  let pingTimer: NodeJS.Timeout | null = null;
  let engine: Engine | null = null;
  let snapshot: SnapshotWriter | null = null;
  let cronRunner: CronRunner | null = null;
  let stopped = false;
  let stopping: Promise<void> | null = null;
  // The rebuild in flight, if any: stopping waits for it before removing the folder it writes to.
  let reloading: Promise<unknown> = Promise.resolve();

  const cleanup = async () => {
    stopWatching();
    await reloading;
    if (pingTimer) clearInterval(pingTimer);
    for (const session of sessions) session.close();
    wss.close();
    await Promise.all([closeServer(cloudServer), closeServer(siteServer)]);
    cronRunner?.stop();
    if (engine) {
      engine.stop();
      await engine.settle();
    }
    if (snapshot) await snapshot.close();
    dataDir.releaseLock();
    // Retries: a busy machine may still be closing files the build wrote.
    fs.rmSync(buildRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    if (ephemeral) fs.rmSync(dataRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    delete globals[envKey];
  };

  try {
    const cloudPort = await listen(cloudServer, options.port ?? 3210);
    const sitePort = await listen(siteServer, options.sitePort ?? 3211);
    const scheme = options.tls ? "https" : "http";
    const url = `${scheme}://${HOST}:${cloudPort}`;
    const siteUrl = `${scheme}://${HOST}:${sitePort}`;

    const secrets = await loadOrCreateSecrets(dataDir);
    const envFiles = options.envFile === undefined ? [] : Array.isArray(options.envFile) ? options.envFile : [options.envFile];
    const env = buildFunctionEnv({
      cloudUrl: url,
      siteUrl,
      secrets,
      fileEnv: readEnvFiles(envFiles.map((f) => path.resolve(f))),
      optionEnv: options.env ?? {},
      ...(options.siteUrl ? { siteUrlForAuth: options.siteUrl } : {}),
    });
    // Bundled code sees this as `process` (`{ env }`, as in Convex's runtime), never the host's.
    const functionEnv = new FunctionEnvironment(env);
    globals[envKey] = functionEnv.process;

    // Every build is written to the same folder and imported by content (see moduleUrl): a
    // reload loads again only what changed, since Node never frees an ES module. The generation
    // changes when a module could evaluate differently with the same code: after a failed build
    // (a module that threw stays failed under its URL) and after an environment variable changed
    // (modules may read them at load time).
    const outDir = path.join(buildRoot, "build");
    let generation = 0;
    const build = async (): Promise<BuiltApp> => {
      if (options.codegen) {
        try {
          const { changed } = await runCodegen({ convexDir, scratchDir: path.join(buildRoot, "codegen") });
          if (changed.length > 0) logger.info(`codegen wrote ${changed.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
        } catch (err) {
          logger.warn(`codegen failed (building with the current _generated): ${(err as Error).message}`);
        }
      }
      try {
        const built = await buildApp({
          convexDir,
          outDir,
          processExpression: `globalThis.${envKey}`,
          generation: String(generation),
          idTable: () => engine?.idTableOf(engine.currentComponentPath()) ?? (() => null),
        });
        checkComponentEnv(built, env);
        return built;
      } catch (err) {
        generation += 1;
        throw err;
      }
    };
    functionEnv.setComponents([]);
    const app = await build();
    functionEnv.setComponents(app.tree.instances);
    // Every top-level commit is logged durably before it is applied (and refused if it cannot be).
    const snap = new SnapshotWriter(dataDir, logger, {
      ...(options.compactLogBytes !== undefined ? { compactLogBytes: options.compactLogBytes } : {}),
    });
    const eng = await Engine.create({ app, dataDir, cloudUrl: url, logger, persistence: snap });
    engine = eng;
    functionEnv.setComponentResolver(() => eng.runningComponentPath());
    const restored = restoreSnapshot(eng, dataDir, logger);
    checkSchema(eng, dataDir);
    warnMissingBlobs(eng, dataDir, logger);
    eng.buildIndexes();
    const { documents: restoredDocs } = restored;
    snap.open(eng, restored);
    snapshot = snap;
    // Compact what the write-ahead log restored into a snapshot (in the background).
    if (restored.replayed > 0) snap.markDirty();
    // A folder's first start writes its snapshot at once: from then on a folder without one has
    // lost its database, and start-up says so instead of starting empty (and being seeded again).
    if (!restored.fromSnapshot) {
      snap.markDirty();
      await snap.flush();
    }
    // Provider documents on this backend's own site URL are answered in-process.
    const siteOrigin = new URL(siteUrl).origin;
    const authFetch: AuthFetch = (target, init) =>
      new URL(target).origin === siteOrigin ? fetchOwnSite(eng, target, init) : globalThis.fetch(target, init);
    const auth = new AuthVerifier(app.authProviders, authFetch);
    const subscriptions = new SubscriptionIndex();
    eng.onCommit((_tables, _ts, _written, writes) => {
      subscriptions.committed(writes);
      for (const session of sessions) session.markDirty(writes);
    });
    const restoredJobs = await eng.scheduler.restore();
    const crons = new CronRunner(eng, logger);
    cronRunner = crons;
    crons.setJobs(cronJobsOf(app));
    const mail = new MailSink(dataDir, logger);
    const syncDeps = { engine: eng, subscriptions, auth, adminKey: secrets.adminKey, logger };
    const storageOptions = { maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES };

    // A web page may reach the cloud port only from the app's own origins (or this backend's).
    const refusedOrigins = new Set<string>();
    const originAllowed = (origin: string | undefined): boolean => {
      if (origin === undefined || options.allowedOrigins === "*") return true;
      const allowed = [url, siteUrl, options.siteUrl, functionEnv.deployment.SITE_URL, ...(options.allowedOrigins ?? [])];
      if (allowed.some((a) => originVariants(a).includes(origin))) return true;
      if (!refusedOrigins.has(origin)) {
        refusedOrigins.add(origin);
        logger.warn(
          `refused a request from a page at ${origin}: only the app's origin (SITE_URL, siteUrl) and allowedOrigins may use this backend`,
        );
      }
      return false;
    };

    onCloud = async (req, res) => {
      const reqUrl = new URL(req.url ?? "/", url);
      const { pathname } = reqUrl;
      if (!originAllowed(req.headers.origin)) {
        throw new HttpError(403, `Requests from ${req.headers.origin} are not allowed`, "Forbidden");
      }
      if (req.method === "OPTIONS" && pathname.startsWith("/api/")) {
        res.writeHead(204, CORS_HEADERS).end();
      } else if (isFunctionApiPath(pathname)) {
        await handleFunctionApi(req, res, reqUrl, syncDeps);
      } else if (pathname.startsWith(STORAGE_PREFIX)) {
        await handleStorage(req, res, reqUrl, eng, dataDir, storageOptions);
      } else if (pathname === MAIL_SINK_PREFIX || pathname.startsWith(`${MAIL_SINK_PREFIX}/`)) {
        await mail.handle(req, res, pathname);
      } else if (pathname === "/version") {
        sendText(res, 200, "local-backend");
      } else if (pathname === "/") {
        sendText(res, 200, `Convex local backend serving ${convexDir}\nSite URL: ${siteUrl}\nMail sink: ${url}${MAIL_SINK_PREFIX}\n`);
      } else {
        throw new HttpError(404, "Not found");
      }
    };
    onSite = (req, res) => handleSiteRequest(req, res, { engine: eng, auth, siteUrl, logger });

    cloudServer.on("upgrade", (req, socket, head) => {
      const pathname = new URL(req.url ?? "/", url).pathname;
      if (stopped || !SYNC_PATH.test(pathname)) {
        socket.destroy();
        return;
      }
      if (!originAllowed(req.headers.origin)) {
        socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        sessions.add(new SyncSession(ws, syncDeps, (s) => sessions.delete(s)));
      });
    });
    pingTimer = setInterval(() => {
      for (const session of sessions) session.send({ type: "Ping" });
    }, PING_INTERVAL_MS);
    pingTimer.unref();

    // Rebuilds run one at a time; changes during a build trigger one more.
    let reloadChain: Promise<boolean> = Promise.resolve(true);
    const reload = (): Promise<boolean> => {
      reloadChain = reloadChain.then(async () => {
        if (stopped) return false;
        const started = performance.now();
        try {
          const next = await build();
          eng.swap(next);
          functionEnv.setComponents(next.tree.instances);
          snap.reattachDetached();
          auth.setProviders(next.authProviders);
          crons.setJobs(cronJobsOf(next));
          logger.info(`reloaded ${next.moduleCount} function modules in ${Math.round(performance.now() - started)} ms`);
          for (const session of sessions) session.markAllDirty();
          return true;
        } catch (err) {
          logger.error(`build failed; the last good code keeps serving:\n${(err as Error).message}`);
          return false;
        }
      });
      reloading = reloadChain;
      return reloadChain;
    };
    if (options.watch ?? true) stopWatching = watchFolder(convexDir, () => void reload());

    ready.resolve();
    const componentNote = app.components.length
      ? `, ${app.components.length} component${app.components.length > 1 ? "s" : ""}: ${app.components.map((c) => c.componentPath).join(", ")}`
      : "";
    logger.info(
      `serving ${path.relative(process.cwd(), convexDir) || "."} (${app.moduleCount} function modules${componentNote}); ` +
        `data in ${ephemeral ? "a temporary folder" : path.relative(process.cwd(), dataRoot) || "."} ` +
        `(${restoredDocs} documents restored${restored.replayed > 0 ? `, ${restored.replayed} commits replayed from the write-ahead log` : ""}, ` +
        `${restoredJobs} scheduled jobs pending)`,
    );
    logger.info(`Convex URL:  ${url}`);
    logger.info(`Site URL:    ${siteUrl}`);
    logger.info(`Mail sink:   ${url}${MAIL_SINK_PREFIX}`);

    const toIdentity = (partial: RunAs["identity"]): Identity | null => {
      if (!partial) return null;
      const issuer = partial.issuer ?? siteUrl;
      return { ...partial, issuer, tokenIdentifier: partial.tokenIdentifier ?? `${issuer}|${partial.subject}` };
    };

    return {
      url,
      siteUrl,
      mailSinkUrl: `${url}${MAIL_SINK_PREFIX}`,
      mailSendUrl: `${url}${MAIL_SINK_PREFIX}/api/v1.0/email/send`,
      dataDir: dataRoot,
      adminKey: secrets.adminKey,
      env,
      setEnv(name, value) {
        if (functionEnv.deployment[name] === value) return;
        if (value === undefined) delete functionEnv.deployment[name];
        else functionEnv.deployment[name] = value;
        generation += 1;
      },
      async run(udfPath, args = {}, runOptions = {}) {
        const componentPath = runOptions.component ?? "";
        const fn = eng.lookup(udfPath, componentPath);
        const kind = fn && callableKindOf(fn);
        if (!kind) throw new Error(`local-backend: no function ${udfPath}${componentPath ? ` in component ${componentPath}` : ""}`);
        const outcome = await eng.run(kind, udfPath, args, {
          identity: toIdentity(runOptions.identity),
          componentPath,
        });
        await eng.whenDurable();
        if (outcome.ok) return outcome.value;
        if (outcome.errorData !== undefined) throw new ConvexError(jsonToConvex(outcome.errorData));
        throw new Error(outcome.errorMessage);
      },
      reload,
      flush: () => snap.flush(),
      mail: { list: () => mail.list(), clear: () => mail.clear() },
      stop() {
        // Every call waits for the same, single shutdown.
        stopping ??= (async () => {
          stopped = true;
          await cleanup();
          logger.info("stopped");
        })();
        return stopping;
      },
    };
  } catch (err) {
    stopped = true;
    ready.reject(err);
    await cleanup();
    throw err;
  }
}
