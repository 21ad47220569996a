// Uploads stream to disk (and downloads from it) with bounded memory, and are capped. The backend
// runs in a child process so its own memory can be read from /proc.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callHttp, type CliChild, memoryOf, startCli, tempDir } from "./helpers";

const MB = 1024 * 1024;
const SIZE = 100 * MB;
const CHUNK = MB;

/** 100 MB produced chunk by chunk (never held whole in this process either), and its hash. */
function generated(size: number): { stream: ReadableStream<Uint8Array>; sha256: () => string } {
  const hash = createHash("sha256");
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) {
        controller.close();
        return;
      }
      const n = Math.min(CHUNK, size - sent);
      const chunk = new Uint8Array(n);
      for (let i = 0; i < n; i += 4096) chunk[i] = (sent + i) % 251;
      hash.update(chunk);
      sent += n;
      controller.enqueue(chunk);
    },
  });
  return { stream, sha256: () => hash.digest("base64") };
}

/** Resets the child's peak RSS to its current RSS (Linux: clear_refs 5). */
function resetPeak(pid: number): number {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  return memoryOf(pid).rss;
}

function stagedFiles(dataDir: string): string[] {
  return fs.readdirSync(path.join(dataDir, "storage")).filter((f) => f.endsWith(".tmp"));
}

describe("uploads", () => {
  let dataDir: string;
  let cli: CliChild;
  let url: string;
  beforeAll(async () => {
    dataDir = tempDir("lb-upload-");
    cli = startCli(dataDir, ["--max-upload-mb", "150"]);
    ({ url } = await cli.urls);
    // Warm up the code paths an upload uses.
    const warm = await callHttp<string>(url, "mutation", "files:generateUploadUrl");
    await (await fetch(warm, { method: "POST", body: "warm" })).json();
  });
  afterAll(async () => {
    cli.child.kill("SIGTERM");
    await cli.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams a 100 MB upload to disk and back with bounded memory", async () => {
    const pid = cli.child.pid!;
    const uploadUrl = await callHttp<string>(url, "mutation", "files:generateUploadUrl");
    const body = generated(SIZE);
    const baseline = resetPeak(pid);
    const response = await fetch(uploadUrl, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(200);
    const { storageId } = (await response.json()) as { storageId: string };
    const uploadGrowth = memoryOf(pid).peak - baseline;
    console.log(`100 MB upload: backend peak RSS grew ${(uploadGrowth / MB).toFixed(1)} MB`);
    expect(uploadGrowth).toBeLessThan(64 * MB);

    const file = await callHttp<{ url: string; size: number }>(url, "query", "files:get", { storageId });
    expect(file.size).toBe(SIZE);
    expect(fs.statSync(path.join(dataDir, "storage", storageId)).size).toBe(SIZE);

    const before = resetPeak(pid);
    const served = await fetch(file.url);
    expect(served.headers.get("content-length")).toBe(String(SIZE));
    const hash = createHash("sha256");
    let received = 0;
    for await (const chunk of served.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.byteLength;
    }
    expect(received).toBe(SIZE);
    expect(hash.digest("base64")).toBe(body.sha256());
    const downloadGrowth = memoryOf(pid).peak - before;
    console.log(`100 MB download: backend peak RSS grew ${(downloadGrowth / MB).toFixed(1)} MB`);
    expect(downloadGrowth).toBeLessThan(64 * MB);
    expect(stagedFiles(dataDir)).toEqual([]);
  });
});

describe("upload size cap", () => {
  let dataDir: string;
  let cli: CliChild;
  let url: string;
  beforeAll(async () => {
    dataDir = tempDir("lb-upload-cap-");
    cli = startCli(dataDir, ["--max-upload-mb", "10"]);
    ({ url } = await cli.urls);
  });
  afterAll(async () => {
    cli.child.kill("SIGTERM");
    await cli.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a declared size over the cap before reading it", async () => {
    const uploadUrl = await callHttp<string>(url, "mutation", "files:generateUploadUrl");
    const response = await fetch(uploadUrl, { method: "POST", body: new Uint8Array(11 * MB) }).catch((err: unknown) => err);
    // Refused with 413 (or the connection is dropped while the client is still sending).
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: "RequestTooLarge" });
    }
    expect(stagedFiles(dataDir)).toEqual([]);
    expect(cli.child.exitCode).toBeNull();
  });

  it("stops a streamed upload at the cap, keeps nothing of it, and keeps memory flat", async () => {
    const pid = cli.child.pid!;
    const uploadUrl = await callHttp<string>(url, "mutation", "files:generateUploadUrl");
    const baseline = resetPeak(pid);
    const result = await fetch(uploadUrl, { method: "POST", body: generated(SIZE).stream, duplex: "half" } as RequestInit).catch(
      (err: unknown) => err,
    );
    if (result instanceof Response) expect(result.status).toBe(413);
    expect(memoryOf(pid).peak - baseline).toBeLessThan(64 * MB);
    // The staged file is removed once the refusal is handled.
    for (let i = 0; stagedFiles(dataDir).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.readdirSync(path.join(dataDir, "storage"))).toEqual([]);
    // The backend carries on: a small upload works.
    const next = await callHttp<string>(url, "mutation", "files:generateUploadUrl");
    expect((await fetch(next, { method: "POST", body: "small" })).status).toBe(200);
  });
});
