// Bad and hostile clients: malformed sync messages end that one connection with a FatalError and
// never take the process down or move the stored clock; pages from other origins are refused.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { encodeTs } from "../src/server/protocol.js";
import { api } from "./fixture/convex/_generated/api";
import { callHttp, type CliChild, type Harness, startCli, startHarness, tempDir, waitForValue } from "./helpers";

type Message = Record<string, unknown> & { type: string };

interface RawConnection {
  ws: WebSocket;
  messages: Message[];
  closed: Promise<number>;
  send(message: unknown): void;
}

async function openSync(url: string, headers: Record<string, string> = {}): Promise<RawConnection> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/1.48.0/sync`, { headers });
  const messages: Message[] = [];
  ws.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString("utf8")) as Message;
    if (message.type !== "Ping") messages.push(message);
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return { ws, messages, closed, send: (m) => ws.send(typeof m === "string" ? m : JSON.stringify(m)) };
}

const connect = { type: "Connect", sessionId: "5b5a6a86-hostile", connectionCount: 0, lastCloseReason: null, clientTs: 0 };
const nanos = (ms: number) => BigInt(ms) * 1_000_000n;
const tsBytes = (bytes: number[]) => Buffer.from(bytes).toString("base64");

/** Each one must end its connection with a FatalError. */
const HOSTILE: Array<[string, unknown]> = [
  ["null", "null"],
  ["a number", "42"],
  ["a string", '"Connect"'],
  ["an array", "[]"],
  ["not JSON", "{type: Connect"],
  ["no type", {}],
  ["an unknown type", { type: "Shutdown" }],
  ["a mutation without fields", { type: "Mutation" }],
  ["a string request id", { type: "Mutation", requestId: "1", udfPath: "counter:increment", args: [{ name: "h" }] }],
  ["a negative request id", { type: "Mutation", requestId: -1, udfPath: "counter:increment", args: [{ name: "h" }] }],
  ["args that are not an array", { type: "Mutation", requestId: 1, udfPath: "counter:increment", args: { name: "h" } }],
  ["a udfPath that is not a string", { type: "Action", requestId: 1, udfPath: 7, args: [] }],
  ["modifications of null", { type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: null }],
  ["a null modification", { type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [null] }],
  [
    "query args that are a string",
    {
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "counter:get", args: "x" }],
    },
  ],
  ["a fractional version", { type: "ModifyQuerySet", baseVersion: 0.5, newVersion: 1, modifications: [] }],
  ["an unknown token type", { type: "Authenticate", baseVersion: 0, tokenType: "Root", value: "x" }],
  ["a user token without a value", { type: "Authenticate", baseVersion: 0, tokenType: "User" }],
  ["a numeric maxObservedTimestamp", { ...connect, maxObservedTimestamp: 12 }],
  ["a short maxObservedTimestamp", { ...connect, maxObservedTimestamp: "AAAA" }],
  ["the largest u64 as maxObservedTimestamp", { ...connect, maxObservedTimestamp: tsBytes([255, 255, 255, 255, 255, 255, 255, 255]) }],
  ["2^63 as maxObservedTimestamp", { ...connect, maxObservedTimestamp: tsBytes([0, 0, 0, 0, 0, 0, 0, 128]) }],
  ["a maxObservedTimestamp a year ahead", { ...connect, maxObservedTimestamp: encodeTs(nanos(Date.now() + 365 * 24 * 3600 * 1000)) }],
  ["a sessionId that is not a string", { ...connect, sessionId: 5 }],
  ["a huge sessionId", { ...connect, sessionId: "s".repeat(10_000) }],
  ["an unknown type in many bytes", { type: "ピンポン".repeat(100) }],
];

describe("hostile sync messages (the CLI in a child process)", () => {
  let dataDir: string;
  let cli: CliChild;
  let url: string;
  beforeAll(async () => {
    dataDir = tempDir("lb-hostile-");
    cli = startCli(dataDir);
    ({ url } = await cli.urls);
    await callHttp(url, "mutation", "counter:increment", { name: "hostile" });
  });
  afterAll(async () => {
    cli.child.kill("SIGTERM");
    await cli.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const clock = async () => ((await (await fetch(`${url}/api/query_ts`, { method: "POST" })).json()) as { ts: string }).ts;

  for (const [label, message] of HOSTILE) {
    it(`closes the connection on ${label}, and nothing else changes`, async () => {
      const before = await clock();
      const c = await openSync(url);
      const isConnect = typeof message === "object" && (message as { type?: string }).type === "Connect";
      if (!isConnect) c.send(connect);
      c.send(message);
      const code = await c.closed;
      expect(code).toBe(1008);
      expect(c.messages.at(-1)).toMatchObject({ type: "FatalError", error: expect.any(String) as unknown });
      // The process is alive, serves other clients, and its clock did not move.
      expect(cli.child.exitCode).toBeNull();
      expect(await clock()).toBe(before);
      expect(await callHttp(url, "query", "counter:get", { name: "hostile" })).toBe(1);
    });
  }

  it("closes on a binary frame", async () => {
    const c = await openSync(url);
    c.send(connect);
    c.ws.send(Buffer.from([1, 2, 3]));
    expect(await c.closed).toBe(1008);
    expect(cli.child.exitCode).toBeNull();
  });

  it("answers arguments it cannot decode as the call's error and keeps the connection", async () => {
    const c = await openSync(url);
    c.send(connect);
    c.send({ type: "Mutation", requestId: 0, udfPath: "counter:increment", args: [{ name: { $integer: "not base64!" } }] });
    c.send({ type: "Mutation", requestId: 1, udfPath: "counter:increment", args: [{ name: "decoded" }] });
    await waitFor(() => c.messages.filter((m) => m.type === "MutationResponse").length === 2);
    const [bad, good] = c.messages.filter((m) => m.type === "MutationResponse");
    expect(bad).toMatchObject({ requestId: 0, success: false, result: expect.stringMatching(/Invalid arguments/) as unknown });
    expect(good).toMatchObject({ requestId: 1, success: true, result: 1 });
    c.ws.close();
  });

  it("accepts a client clock a little ahead (a reset data folder) and moves its own clock up to it", async () => {
    const ahead = nanos(Date.now() + 60_000);
    const c = await openSync(url);
    c.send({ ...connect, maxObservedTimestamp: encodeTs(ahead) });
    c.send({ type: "Mutation", requestId: 0, udfPath: "counter:increment", args: [{ name: "ahead" }] });
    await waitFor(() => c.messages.some((m) => m.type === "MutationResponse"));
    const response = c.messages.find((m) => m.type === "MutationResponse")!;
    expect(Buffer.from(response.ts as string, "base64").readBigUInt64LE(0) > ahead).toBe(true);
    c.ws.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("origin check", () => {
  const APP = "http://127.0.0.1:5173";
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ siteUrl: APP, allowedOrigins: ["https://preview.example"] });
  });
  afterAll(async () => {
    await h.stop();
  });

  const upgradeStatus = (origin?: string) =>
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${h.backend.url.replace("http", "ws")}/api/1.48.0/sync`, origin ? { headers: { Origin: origin } } : {});
      ws.once("open", () => {
        ws.close();
        resolve(101);
      });
      ws.once("unexpected-response", (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once("error", (err) => reject(err));
    });

  it("lets the app's pages, the backend's own pages and Node clients open the sync socket", async () => {
    expect(await upgradeStatus()).toBe(101);
    expect(await upgradeStatus(APP)).toBe(101);
    expect(await upgradeStatus("http://localhost:5173")).toBe(101);
    expect(await upgradeStatus("http://[::1]:5173")).toBe(101);
    expect(await upgradeStatus("https://preview.example")).toBe(101);
    expect(await upgradeStatus(h.backend.url)).toBe(101);
  });

  it("refuses the sync socket to pages of any other origin", async () => {
    for (const origin of ["https://evil.example", "http://127.0.0.1:5174", "https://127.0.0.1:5173", "null"]) {
      expect(await upgradeStatus(origin)).toBe(403);
    }
    expect(h.logs.join("\n")).toMatch(/refused a request from a page at https:\/\/evil\.example/);
  });

  it("follows SITE_URL when the app's URL is only known later (setEnv)", async () => {
    const later = "http://127.0.0.1:45678";
    expect(await upgradeStatus(later)).toBe(403);
    h.backend.setEnv("SITE_URL", later);
    try {
      expect(await upgradeStatus(later)).toBe(101);
    } finally {
      h.backend.setEnv("SITE_URL", APP);
    }
  });

  it("refuses the HTTP API, uploads and preflights to other origins, and serves the app", async () => {
    const query = (origin?: string) =>
      fetch(`${h.backend.url}/api/query`, {
        method: "POST",
        headers: origin ? { Origin: origin } : {},
        body: JSON.stringify({ path: "counter:get", args: { name: "o" } }),
      });
    expect((await query("https://evil.example")).status).toBe(403);
    expect((await query(APP)).status).toBe(200);
    expect((await query()).status).toBe(200);
    const preflight = (origin: string) =>
      fetch(`${h.backend.url}/api/mutation`, { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST" } });
    expect((await preflight("https://evil.example")).status).toBe(403);
    expect((await preflight(APP)).status).toBe(204);
    const uploadUrl = await h.http().mutation(api.files.generateUploadUrl, {});
    expect((await fetch(uploadUrl, { method: "POST", headers: { Origin: "https://evil.example" }, body: "x" })).status).toBe(403);
    expect((await fetch(uploadUrl, { method: "POST", headers: { Origin: APP }, body: "x" })).status).toBe(200);
  });

  it("still serves the official client in Node (no Origin header)", async () => {
    const client = h.ws();
    await client.mutation(api.counter.increment, { name: "node-client" });
    expect(await waitForValue(client, api.counter.get, { name: "node-client" }, (v) => v === 1)).toBe(1);
  });
});

describe("origin check switched off", () => {
  it('serves every origin with allowedOrigins: "*"', async () => {
    const h = await startHarness({ allowedOrigins: "*" });
    try {
      const response = await fetch(`${h.backend.url}/api/query`, {
        method: "POST",
        headers: { Origin: "https://anywhere.example" },
        body: JSON.stringify({ path: "counter:get", args: { name: "o" } }),
      });
      expect(response.status).toBe(200);
    } finally {
      await h.stop();
    }
  });
});
