// Shared setup for the contract tests: the fixture app on free ports with a temp data dir, and
// the official clients pointed at it.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { ConvexReactClient } from "convex/react";
import type { FunctionReference } from "convex/server";
import WebSocket from "ws";
import { type LocalBackend, type LocalBackendOptions, startLocalBackend } from "../src/index.js";

export const FIXTURE_DIR = fileURLToPath(new URL("./fixture/convex", import.meta.url));

export function tempDir(prefix = "lb-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface Harness {
  backend: LocalBackend;
  logs: string[];
  dataDir: string;
  clients: Array<{ close(): Promise<void> | void }>;
  ws(): ConvexClient;
  http(): ConvexHttpClient;
  react(): ConvexReactClient;
  restart(extra?: Partial<LocalBackendOptions>): Promise<LocalBackend>;
  stop(): Promise<void>;
}

export async function startHarness(extra: Partial<LocalBackendOptions> = {}): Promise<Harness> {
  const dataDir = extra.dataDir ?? tempDir("lb-data-");
  const logs: string[] = [];
  const options: LocalBackendOptions = {
    convexDir: FIXTURE_DIR,
    dataDir,
    port: 0,
    sitePort: 0,
    watch: false,
    log: (line) => logs.push(line),
    ...extra,
  };
  const harness: Harness = {
    backend: await startLocalBackend(options),
    logs,
    dataDir,
    clients: [],
    ws() {
      const client = new ConvexClient(harness.backend.url, {
        webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
        logger: false,
      });
      harness.clients.push(client);
      return client;
    },
    http() {
      return new ConvexHttpClient(harness.backend.url, { logger: false });
    },
    react() {
      const client = new ConvexReactClient(harness.backend.url, {
        webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
        logger: false,
      });
      harness.clients.push(client);
      return client;
    },
    async restart(more = {}) {
      await closeClients(harness);
      await harness.backend.stop();
      harness.backend = await startLocalBackend({ ...options, ...more });
      return harness.backend;
    },
    async stop() {
      await closeClients(harness);
      await harness.backend.stop();
      if (!extra.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

async function closeClients(harness: Harness): Promise<void> {
  const clients = harness.clients.splice(0);
  await Promise.all(clients.map((c) => Promise.resolve(c.close())));
}

/** Resolves with the first value of a subscription that satisfies `until`. */
export function waitForValue<Q extends FunctionReference<"query">>(
  client: ConvexClient,
  query: Q,
  args: Q["_args"],
  until: (value: Q["_returnType"]) => boolean,
  timeoutMs = 10_000,
): Promise<Q["_returnType"]> {
  type T = Q["_returnType"];
  return new Promise<T>((resolve, reject) => {
    let unsubscribe: () => void = () => undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${JSON.stringify(args)}`));
    }, timeoutMs);
    unsubscribe = client.onUpdate(
      query,
      args,
      (value: T) => {
        if (until(value)) {
          clearTimeout(timer);
          queueMicrotask(() => unsubscribe());
          resolve(value);
        }
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await fn();
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, stepMs));
    }
  }
  throw lastError;
}

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

export interface CliChild {
  child: ChildProcess;
  urls: Promise<{ url: string; siteUrl: string }>;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The CLI in a child process on free ports (signals and kills are tested on it). */
export function startCli(dataDir: string, extraArgs: string[] = [], convexDir = FIXTURE_DIR): CliChild {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      CLI,
      "--convex",
      convexDir,
      "--data",
      dataDir,
      "--port",
      "0",
      "--site-port",
      "0",
      "--no-watch",
      "--json",
      ...extraArgs,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const urls = new Promise<{ url: string; siteUrl: string }>((resolve, reject) => {
    const check = () => {
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { url: string; siteUrl: string });
    };
    child.stdout.on("data", check);
    void exited.then(() => reject(new Error(`the CLI exited before printing its URLs:\n${output}`)));
  });
  return { child, urls, output: () => output, exited };
}

/** Resident memory of a process, from /proc (Linux): current and peak, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Call a function over the HTTP API of a backend (any process). */
export async function callHttp<T = unknown>(
  url: string,
  kind: "query" | "mutation" | "action",
  path: string,
  args: object = {},
): Promise<T> {
  const response = await fetch(`${url}/api/${kind}`, { method: "POST", body: JSON.stringify({ path, args }) });
  const body = (await response.json()) as { status: string; value?: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(body.errorMessage ?? `HTTP ${response.status}`);
  return body.value as T;
}
