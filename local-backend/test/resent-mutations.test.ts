// A mutation resent after a dropped connection runs once: Convex keeps request ids per session.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ConvexClient } from "convex/browser";
import { describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { startLocalBackend } from "../src/index.js";
import { SessionRequests } from "../src/engine/session-requests.js";
import { api } from "./fixture/convex/_generated/api";
import { callHttp, FIXTURE_DIR, startCli, startHarness, tempDir } from "./helpers";

type Message = Record<string, unknown> & { type: string };

async function openSync(url: string) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/1.48.0/sync`);
  const messages: Message[] = [];
  ws.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString("utf8")) as Message;
    if (message.type !== "Ping") messages.push(message);
  });
  await new Promise((resolve) => ws.once("open", resolve));
  const next = async (type: string): Promise<Message> => {
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0];
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { ws, send: (m: object) => ws.send(JSON.stringify(m)), next, messages };
}

const connect = (sessionId: string, connectionCount = 0) => ({
  type: "Connect",
  sessionId,
  connectionCount,
  lastCloseReason: null,
  clientTs: Date.now(),
});
const increment = (requestId: number, name: string) => ({
  type: "Mutation",
  requestId,
  udfPath: "counter:increment",
  args: [{ name }],
});

describe("resent mutations", () => {
  it("answers a mutation resent on a new connection of the same session with its first result", async () => {
    const h = await startHarness();
    try {
      const first = await openSync(h.backend.url);
      first.send(connect("session-a"));
      first.send(increment(0, "resend"));
      const original = await first.next("MutationResponse");
      expect(original).toMatchObject({ requestId: 0, success: true, result: 1 });
      first.ws.terminate();

      const second = await openSync(h.backend.url);
      second.send(connect("session-a", 1));
      second.send(increment(0, "resend"));
      const again = await second.next("MutationResponse");
      expect(again).toEqual(original);
      // The client resolves a mutation on the Transition that follows its response.
      await second.next("Transition");
      expect(await h.http().query(api.counter.get, { name: "resend" })).toBe(1);

      // A new request id, or another session, is a new mutation.
      second.send(increment(1, "resend"));
      expect(await second.next("MutationResponse")).toMatchObject({ requestId: 1, result: 2 });
      const other = await openSync(h.backend.url);
      other.send(connect("session-b"));
      other.send(increment(0, "resend"));
      expect(await other.next("MutationResponse")).toMatchObject({ requestId: 0, result: 3 });
      second.ws.close();
      other.ws.close();
    } finally {
      await h.stop();
    }
  });

  it("runs once when the official client loses the connection before the response arrives", async () => {
    const h = await startHarness();
    // A proxy between client and backend that cuts the connection instead of delivering the
    // first MutationResponse, as a network drop would.
    let cut = 0;
    const server = http.createServer();
    const wss = new WebSocketServer({ server });
    wss.on("connection", (client, req) => {
      const upstream = new WebSocket(`${h.backend.url.replace("http", "ws")}${req.url}`);
      const early: string[] = [];
      upstream.on("open", () => early.splice(0).forEach((m) => upstream.send(m)));
      client.on("message", (data: Buffer) => {
        const text = data.toString("utf8");
        if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
        else early.push(text);
      });
      upstream.on("message", (data: Buffer) => {
        const text = data.toString("utf8");
        if (cut === 0 && (JSON.parse(text) as Message).type === "MutationResponse") {
          cut += 1;
          client.terminate();
          upstream.terminate();
          return;
        }
        if (client.readyState === WebSocket.OPEN) client.send(text);
      });
      client.on("close", () => upstream.close());
      upstream.on("close", () => client.close());
      client.on("error", () => undefined);
      upstream.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new ConvexClient(proxyUrl, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
    });
    try {
      expect(await client.mutation(api.counter.increment, { name: "dropped" })).toBe(1);
      expect(cut).toBe(1);
      expect(await h.http().query(api.counter.get, { name: "dropped" })).toBe(1);
      expect(h.logs.join("\n")).toMatch(/counter:increment \(request 0\) was resent; answering with its first result/);
    } finally {
      await client.close();
      wss.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await h.stop();
    }
  });

  it("remembers answered requests across a clean restart", async () => {
    const h = await startHarness();
    try {
      const first = await openSync(h.backend.url);
      first.send(connect("session-restart"));
      first.send(increment(3, "restart"));
      const original = await first.next("MutationResponse");
      first.ws.terminate();
      await h.restart();
      const second = await openSync(h.backend.url);
      second.send(connect("session-restart", 1));
      second.send(increment(3, "restart"));
      expect(await second.next("MutationResponse")).toEqual(original);
      expect(await h.http().query(api.counter.get, { name: "restart" })).toBe(1);
      second.ws.close();
    } finally {
      await h.stop();
    }
  });

  it("remembers answered requests across a kill (write-ahead log)", async () => {
    const dataDir = tempDir("lb-resend-kill-");
    const cli = startCli(dataDir);
    const { url } = await cli.urls;
    const first = await openSync(url);
    first.send(connect("session-kill"));
    first.send(increment(0, "kill"));
    const original = await first.next("MutationResponse");
    cli.child.kill("SIGKILL");
    await cli.exited;
    const backend = await startLocalBackend({ convexDir: FIXTURE_DIR, dataDir, port: 0, sitePort: 0, watch: false, log: false });
    try {
      const second = await openSync(backend.url);
      second.send(connect("session-kill", 1));
      second.send(increment(0, "kill"));
      expect(await second.next("MutationResponse")).toEqual(original);
      expect(await callHttp(backend.url, "query", "counter:get", { name: "kill" })).toBe(1);
      second.ws.close();
    } finally {
      await backend.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("makes a resend wait for the first run when that run is still going", async () => {
    const requests = new SessionRequests();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const run = async (onCommit: (ts: bigint) => void) => {
      runs += 1;
      await gate;
      onCommit(42n);
      requests.complete("s\u00000", 7, ["[LOG] once"]);
      return "first outcome";
    };
    const first = requests.execute("s\u00000", run);
    const resent = requests.execute("s\u00000", run);
    expect(requests.inFlight("s\u00000")).toBe(first);
    release();
    expect(await resent).toBe("first outcome");
    expect(await first).toBe("first outcome");
    expect(runs).toBe(1);
    expect(requests.get("s\u00000")).toMatchObject({ ts: 42n, result: 7, logLines: ["[LOG] once"] });
    expect(requests.inFlight("s\u00000")).toBeUndefined();
  });
});
