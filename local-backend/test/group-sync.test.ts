// Group commit: `durable()` resolves only once a sync that started after every line written so
// far has finished, one sync covers the lines written before it started, and a failed sync
// rejects whoever waits and everything after it (nothing more may be acknowledged).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupSync } from "../src/persistence/group-sync";

let dir: string;
let fd: number;
/** False once the code under test closed `fd` (its number may be reused at once). */
let open: boolean;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-sync-"));
  fd = fs.openSync(path.join(dir, "wal.jsonl"), "a");
  open = true;
});
afterEach(() => {
  if (open) fs.closeSync(fd);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Whether a promise has settled by the time already-queued callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("GroupSync", () => {
  it("resolves at once when nothing is waiting to be synced", async () => {
    const sync = new GroupSync(() => undefined);
    expect(await settled(sync.durable())).toBe(true);
  });

  it("answers a grouped commit only after its sync, and one sync covers the lines written before it", async () => {
    const sync = new GroupSync(() => undefined);
    fs.writeSync(fd, "a\n");
    sync.wrote(fd, false);
    const first = sync.durable();
    fs.writeSync(fd, "b\n");
    sync.wrote(fd, false);
    const second = sync.durable();
    expect(await settled(first)).toBe(false);
    await first;
    // "b" was written while the first sync ran: a second sync covers it.
    await second;
    expect(await settled(sync.durable())).toBe(true);
  });

  it("syncs a lone commit in place", async () => {
    const sync = new GroupSync(() => undefined);
    fs.writeSync(fd, "a\n");
    sync.wrote(fd, true);
    expect(await settled(sync.durable())).toBe(true);
  });

  it("rejects waiters when a sync fails, and refuses everything after", async () => {
    const failures: Error[] = [];
    const sync = new GroupSync((err) => failures.push(err));
    // A sync of a descriptor that is not open fails (EBADF), as a failing disk's would. (A
    // number no test opens: descriptors are shared by the test files running in this process.)
    sync.wrote(0x3fffffff, false);
    await expect(sync.durable()).rejects.toThrow();
    expect(failures).toHaveLength(1);
    expect(sync.failure).not.toBeNull();
    fs.writeSync(fd, "later\n");
    sync.wrote(fd, false);
    await expect(sync.durable()).rejects.toThrow();
  });

  it("a lone commit whose sync in place fails is not acknowledged, and nothing after it", async () => {
    const sync = new GroupSync(() => undefined);
    expect(() => sync.wrote(0x3fffffff, true)).not.toThrow();
    await expect(sync.durable()).rejects.toThrow();
    fs.writeSync(fd, "later\n");
    sync.wrote(fd, true);
    await expect(sync.durable()).rejects.toThrow();
  });

  it("closes a log file only after a running sync of it has finished", async () => {
    const sync = new GroupSync(() => undefined);
    fs.writeSync(fd, "a\n");
    sync.wrote(fd, false);
    const waiting = sync.durable();
    sync.close(fd);
    // Still open: the running sync holds its number.
    expect(() => fs.fstatSync(fd)).not.toThrow();
    await waiting;
    open = false;
    expect(() => fs.fstatSync(fd)).toThrow();
  });
});
