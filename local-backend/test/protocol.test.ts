// The wire protocol seen by a raw WebSocket: version bookkeeping, ordering, timestamps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { decodeTs, encodeTs } from "../src/server/protocol.js";
import { type Harness, startHarness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

type Message = Record<string, unknown> & { type: string };

async function connect(): Promise<{ ws: WebSocket; send(m: object): void; next(type?: string): Promise<Message> }> {
  const ws = new WebSocket(`${h.backend.url.replace("http", "ws")}/api/1.48.0/sync`);
  const queue: Message[] = [];
  const waiters: Array<() => void> = [];
  ws.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString("utf8")) as Message;
    if (message.type === "Ping") return;
    queue.push(message);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((resolve) => ws.once("open", resolve));
  return {
    ws,
    send: (m) => ws.send(JSON.stringify(m)),
    async next(type) {
      while (queue.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
      const message = queue.shift()!;
      if (type) expect(message.type).toBe(type);
      return message;
    },
  };
}

describe("sync protocol details", () => {
  it("starts transitions from the last sent versions and honours maxObservedTimestamp", async () => {
    const c = await connect();
    // A client that saw a newer clock (e.g. before the data folder was reset), within minutes.
    const future = (BigInt(Date.now()) + 300_000n) * 1_000_000n;
    c.send({ type: "Connect", sessionId: "s1", connectionCount: 0, maxObservedTimestamp: encodeTs(future) });
    c.send({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [{ type: "Add", queryId: 0, udfPath: "counter:get", args: [{ name: "p" }] }],
    });
    const first = await c.next("Transition");
    expect(first.startVersion).toEqual({ querySet: 0, identity: 0, ts: encodeTs(0n) });
    const end = first.endVersion as { querySet: number; identity: number; ts: string };
    expect(end.querySet).toBe(1);
    expect(decodeTs(end.ts) >= future).toBe(true);
    expect(first.modifications).toEqual([{ type: "QueryUpdated", queryId: 0, value: 0, logLines: [], journal: null }]);

    // Mutation: response first, then a transition at or after its timestamp.
    c.send({ type: "Mutation", requestId: 0, udfPath: "counter:increment", args: [{ name: "p" }] });
    const response = await c.next("MutationResponse");
    expect(response).toMatchObject({ requestId: 0, success: true, result: 1, logLines: ["[LOG] incrementing p"] });
    const transition = await c.next("Transition");
    expect(transition.startVersion).toEqual(end);
    const after = transition.endVersion as { ts: string };
    expect(decodeTs(after.ts) >= decodeTs(response.ts as string)).toBe(true);
    expect(decodeTs(response.ts as string) > future).toBe(true);
    expect(transition.modifications).toEqual([{ type: "QueryUpdated", queryId: 0, value: 1, logLines: [], journal: null }]);

    // Messages are handled in order: remove, then a failing mutation, then an auth change.
    c.send({ type: "ModifyQuerySet", baseVersion: 1, newVersion: 2, modifications: [{ type: "Remove", queryId: 0 }] });
    c.send({ type: "Mutation", requestId: 1, udfPath: "errors:failMutation", args: [{ code: "C" }] });
    c.send({ type: "Authenticate", baseVersion: 0, tokenType: "User", value: "not-a-jwt" });
    const removed = await c.next("Transition");
    expect(removed.modifications).toEqual([{ type: "QueryRemoved", queryId: 0 }]);
    expect(await c.next("MutationResponse")).toMatchObject({
      requestId: 1,
      success: false,
      errorData: { code: "C", message: "この操作はできません" },
    });
    expect(await c.next("AuthError")).toMatchObject({ baseVersion: 0, authUpdateAttempted: true });

    // Clearing auth bumps the identity version.
    c.send({ type: "Authenticate", baseVersion: 0, tokenType: "None" });
    const cleared = await c.next("Transition");
    expect((cleared.endVersion as { identity: number }).identity).toBe(1);
    c.ws.close();
  });

  it("answers actions with ActionResponse and refuses unknown functions", async () => {
    const c = await connect();
    c.send({ type: "Connect", sessionId: "s2", connectionCount: 0 });
    c.send({ type: "Action", requestId: 7, udfPath: "files:storeFromAction", args: [{ text: "x" }] });
    const ok = await c.next("ActionResponse");
    expect(ok).toMatchObject({ requestId: 7, success: true });
    c.send({ type: "Action", requestId: 8, udfPath: "nope:missing", args: [{}] });
    expect(await c.next("ActionResponse")).toMatchObject({
      requestId: 8,
      success: false,
      result: expect.stringMatching(/Could not find public function for 'nope:missing'/) as unknown,
    });
    c.ws.close();
  });
});
