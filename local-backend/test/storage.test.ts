import { randomBytes } from "node:crypto";
import type { Id } from "./fixture/convex/_generated/dataModel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { eventually, type Harness, startHarness } from "./helpers";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

async function upload(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Id<"_storage">> {
  const uploadUrl = await h.http().mutation(api.files.generateUploadUrl, {});
  expect(uploadUrl.startsWith(`${h.backend.url}/api/storage/upload?token=`)).toBe(true);
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": contentType }, body: bytes });
  expect(response.status).toBe(200);
  const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
  return storageId;
}

describe("file storage", () => {
  it("serves an upload back byte for byte with its content type", async () => {
    const bytes = new Uint8Array(randomBytes(300_000));
    const storageId = await upload(bytes, "image/png");
    await h.http().mutation(api.files.save, { storageId, name: "screenshot.png" });

    const file = await h.ws().query(api.files.get, { storageId });
    expect(file).toMatchObject({ size: bytes.length, contentType: "image/png" });
    const served = await fetch(file.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("accepts an upload URL once and rejects made-up ones", async () => {
    const uploadUrl = await h.http().mutation(api.files.generateUploadUrl, {});
    expect((await fetch(uploadUrl, { method: "POST", body: "a" })).status).toBe(200);
    expect((await fetch(uploadUrl, { method: "POST", body: "b" })).status).toBe(401);
    expect((await fetch(`${h.backend.url}/api/storage/upload?token=nope`, { method: "POST", body: "c" })).status).toBe(401);
  });

  it("stores from an action, and delete removes the file", async () => {
    const http = h.http();
    const storageId = await http.action(api.files.storeFromAction, { text: "日本語のテキスト" });
    const file = await http.query(api.files.get, { storageId });
    expect(file.contentType).toBe("text/plain; charset=utf-8");
    expect(await (await fetch(file.url!)).text()).toBe("日本語のテキスト");

    await http.mutation(api.files.remove, { storageId });
    expect(await http.query(api.files.get, { storageId })).toEqual({ url: null, size: null, contentType: null });
    expect((await fetch(file.url!)).status).toBe(404);
    // The blob file itself goes once the snapshot no longer references it.
    await h.backend.flush();
    await eventually(async () => {
      const { readdirSync } = await import("node:fs");
      expect(readdirSync(`${h.dataDir}/storage`)).not.toContain(storageId);
    });
  });
});
