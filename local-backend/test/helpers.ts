// Shared setup for the contract tests: the fixture app on free ports with a temp data dir, and
// the official clients pointed at it.
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
