// `tls`: both ports served over HTTPS, as a hosted deployment is. The URLs the backend hands out
// (its own, the functions' CONVEX_*_URL, file URLs) are then https, and the official client syncs
// over wss. The certificate is a self-signed test one for 127.0.0.1, trusted here by name.
import fs from "node:fs";
import https from "node:https";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type Harness, startHarness } from "./helpers";

const cert = fs.readFileSync(new URL("./fixture/tls/cert.pem", import.meta.url));
const key = fs.readFileSync(new URL("./fixture/tls/key.pem", import.meta.url));

/** A WebSocket that trusts the test certificate. */
class TrustingWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { ca: cert });
  }
}

/** An HTTPS request that trusts the test certificate. */
function request(url: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: init.method ?? "GET", ca: cert, headers: { "Content-Type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tls: { key, cert } });
});
afterAll(async () => {
  await h.stop();
});

describe("tls", () => {
  it("gives https URLs, to callers and to functions", async () => {
    expect(h.backend.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(h.backend.siteUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { text } = await request(`${h.backend.url}/api/query`, {
      method: "POST",
      body: JSON.stringify({ path: "environment:read", args: {}, format: "json" }),
    });
    expect(JSON.parse(text)).toMatchObject({
      status: "success",
      value: { cloudUrl: h.backend.url, siteUrl: h.backend.siteUrl },
    });
  });

  it("syncs over wss with the official client", async () => {
    const client = new ConvexClient(h.backend.url, {
      webSocketConstructor: TrustingWebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
    });
    try {
      const increment = makeFunctionReference<"mutation", { name: string }, number>("counter:increment");
      const get = makeFunctionReference<"query", { name: string }, number>("counter:get");
      expect(await client.mutation(increment, { name: "tls" })).toBe(1);
      expect(await client.query(get, { name: "tls" })).toBe(1);
    } finally {
      await client.close();
    }
  });

  it("serves HTTP actions and files over https", async () => {
    const hello = await request(`${h.backend.siteUrl}/hello?name=tls`);
    expect(JSON.parse(hello.text)).toMatchObject({ hello: "tls", origin: h.backend.siteUrl });

    const storageId = await h.backend.run("files:storeFromAction", { text: "保存した文字" });
    const { url } = (await h.backend.run("files:get", { storageId })) as { url: string };
    expect(url.startsWith(`${h.backend.url}/`)).toBe(true);
    expect(await request(url)).toEqual({ status: 200, text: "保存した文字" });
  });

  it("refuses a client that does not trust the certificate", async () => {
    await expect(fetch(`${h.backend.url}/api/query`, { method: "POST", body: "{}" })).rejects.toThrow();
  });
});
