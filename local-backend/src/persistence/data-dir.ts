// The data directory: JSON files written atomically (temp file, fsync, rename, fsync of the
// folder) so a crash or power cut leaves either the old or the new version, one file per stored
// blob (on disk, file and folder entry, before its storage id is committed), and a lock so two
// backends do not share a directory.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../engine/logger.js";

/**
 * A data folder the backend cannot use as it is: says which file, what is wrong with it and how
 * to recover, and stops start-up before anything is served or written.
 */
export class LocalBackendStartupError extends Error {
  constructor(
    readonly file: string,
    problem: string,
    recovery: string,
  ) {
    // A problem that lists several things (one a line) gets its recovery on a line of its own.
    super(`${file}: ${problem}${problem.includes("\n") ? "\n" : ". "}To recover: ${recovery}`);
    this.name = "LocalBackendStartupError";
  }
}

export const RESET_HINT = "start with --reset (reset: true) to wipe the whole data folder and begin empty";

/** Recovery text for a file of the data folder that cannot be read (restore it or reset). */
export function restoreOrReset(what: string): string {
  return `restore ${what} from a backup or copy of the data folder, or ${RESET_HINT} (this deletes every document and file)`;
}

/** A file of the data folder that must be a regular file (not a folder). */
export function expectFile(file: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  if (!stat.isFile()) {
    throw new LocalBackendStartupError(
      file,
      "is a folder (or another non-file) where the backend keeps a file",
      `move it out of the data folder (it is not something the backend wrote) and start again, or ${RESET_HINT}`,
    );
  }
}

/** A folder of the data folder: created if missing, refused if something else is in its place. */
function ensureFolder(dir: string, what: string): void {
  let stat: fs.Stats | null = null;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  if (stat && !stat.isDirectory()) {
    throw new LocalBackendStartupError(
      dir,
      `is a file, but it must be a folder (${what})`,
      `move or rename the file, then start again (the backend creates the folder); if it was meant as the data folder, pass another --data path`,
    );
  }
  if (!stat) {
    fs.mkdirSync(dir, { recursive: true });
    fsyncDirSync(path.dirname(dir));
  }
}

/** File systems (and platforms) on which a folder cannot be opened or fsynced: nothing to do there. */
const NO_DIR_SYNC = new Set(["EINVAL", "ENOTSUP", "EISDIR", "EPERM", "EACCES"]);

/** Make a folder's entries (files created, renamed or removed in it) durable. */
export function fsyncDirSync(dir: string): void {
  let fd: number;
  try {
    fd = fs.openSync(dir, "r");
  } catch (err) {
    if (NO_DIR_SYNC.has((err as NodeJS.ErrnoException).code ?? "")) return;
    throw err;
  }
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    if (!NO_DIR_SYNC.has((err as NodeJS.ErrnoException).code ?? "")) throw err;
  } finally {
    fs.closeSync(fd);
  }
}

export async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(dir, "r");
  } catch (err) {
    if (NO_DIR_SYNC.has((err as NodeJS.ErrnoException).code ?? "")) return;
    throw err;
  }
  try {
    await handle.sync();
  } catch (err) {
    if (!NO_DIR_SYNC.has((err as NodeJS.ErrnoException).code ?? "")) throw err;
  } finally {
    await handle.close();
  }
}

export class DataDir {
  readonly root: string;
  readonly blobDir: string;
  private readonly lockPath: string;
  /**
   * What the folder held when it was opened, besides the lock and leftovers of interrupted
   * writes ("storage/" if it held stored files): empty for a new folder.
   */
  foundAtOpen: string[] = [];

  private constructor(root: string) {
    this.root = root;
    this.blobDir = path.join(root, "storage");
    this.lockPath = path.join(root, "backend.lock");
  }

  static open(root: string, { reset = false, logger = null }: { reset?: boolean; logger?: Logger | null } = {}): DataDir {
    const dir = new DataDir(path.resolve(root));
    ensureFolder(dir.root, "the data folder");
    if (reset && fs.existsSync(dir.lockPath) && !fs.statSync(dir.lockPath).isFile()) {
      fs.rmSync(dir.lockPath, { recursive: true, force: true });
    }
    dir.acquireLock(logger);
    try {
      if (reset) {
        for (const entry of fs.readdirSync(dir.root)) {
          if (path.join(dir.root, entry) !== dir.lockPath) {
            fs.rmSync(path.join(dir.root, entry), { recursive: true, force: true });
          }
        }
      }
      ensureFolder(dir.blobDir, "one file per stored blob");
      // Leftovers of writes interrupted by a crash.
      for (const dirPath of [dir.root, dir.blobDir]) {
        for (const entry of fs.readdirSync(dirPath)) {
          if (entry.endsWith(".tmp")) fs.rmSync(path.join(dirPath, entry), { force: true });
        }
      }
      dir.foundAtOpen = fs.readdirSync(dir.root).filter((entry) => path.join(dir.root, entry) !== dir.lockPath && entry !== "storage");
      if (dir.hasBlobs()) dir.foundAtOpen.push("storage/");
    } catch (err) {
      dir.releaseLock();
      throw err;
    }
    return dir;
  }

  private acquireLock(logger: Logger | null): void {
    expectFile(this.lockPath);
    let text: string | null = null;
    try {
      text = fs.readFileSync(this.lockPath, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    if (text !== null) {
      const pid = /^\s*\d+\s*$/.test(text) ? Number(text) : 0;
      if (pid && pid !== process.pid && isProcessAlive(pid)) {
        throw new LocalBackendStartupError(
          this.lockPath,
          `${this.root} is in use by another backend (pid ${pid})`,
          `stop that backend or use another --data folder; if no backend is running (the pid now belongs to another program), delete ${this.lockPath}`,
        );
      }
      if (pid !== process.pid) {
        logger?.warn(
          pid
            ? `took over ${this.lockPath}: the backend that held it (pid ${pid}) is no longer running`
            : `took over ${this.lockPath}: it did not hold a process id (${JSON.stringify(text.slice(0, 40))})`,
        );
      }
    }
    fs.writeFileSync(this.lockPath, String(process.pid));
  }

  releaseLock(): void {
    try {
      if (fs.readFileSync(this.lockPath, "utf8") === String(process.pid)) fs.rmSync(this.lockPath);
    } catch {
      // already gone
    }
  }

  /** Whether the blob folder holds any stored file (not a leftover of an interrupted upload). */
  hasBlobs(): boolean {
    return fs.readdirSync(this.blobDir).some((entry) => !entry.endsWith(".tmp"));
  }

  /**
   * A JSON file of the data folder, null if missing. A folder in its place, or text that is not
   * JSON, stops start-up with `recovery` as the way out.
   */
  readJson<T>(name: string, recovery = restoreOrReset(name)): T | null {
    const file = path.join(this.root, name);
    expectFile(file);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new LocalBackendStartupError(file, `cannot be read (${(err as Error).message})`, recovery);
    }
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      const what = text.trim() === "" ? "is empty" : `is not valid JSON (${(err as Error).message})`;
      throw new LocalBackendStartupError(file, what, recovery);
    }
  }

  async writeJson(name: string, value: unknown): Promise<void> {
    await writeAtomic(path.join(this.root, name), JSON.stringify(value));
  }

  writeJsonSync(name: string, value: unknown): void {
    writeAtomicSync(path.join(this.root, name), JSON.stringify(value));
  }

  /**
   * Write a file of the data folder atomically from pieces produced over time (a large snapshot
   * written a chunk at a time, the event loop free in between): a temporary file, fsynced, then
   * renamed over `name` and the folder fsynced. Returns the bytes written. On failure the
   * temporary file is removed and `name` is untouched.
   */
  async writeStreamed(name: string, produce: (write: (text: string) => Promise<void>) => Promise<void>): Promise<number> {
    const file = path.join(this.root, name);
    const tmp = `${file}.${randomUUID()}.tmp`;
    const handle = await fs.promises.open(tmp, "w");
    let bytes = 0;
    try {
      try {
        await produce(async (text) => {
          const buffer = Buffer.from(text, "utf8");
          await handle.write(buffer, 0, buffer.length);
          bytes += buffer.length;
        });
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    await fsyncDir(this.root);
    return bytes;
  }

  blobPath(storageId: string): string {
    if (!/^[0-9A-Za-z_]+$/.test(storageId)) throw new Error(`Invalid storage id ${storageId}`);
    return path.join(this.blobDir, storageId);
  }

  /** Write bytes under a temporary name; `commitBlob` gives it its storage id. */
  async stageBlob(bytes: Uint8Array): Promise<string> {
    const staged = path.join(this.blobDir, `upload-${randomUUID()}.tmp`);
    try {
      await writeFileSynced(staged, bytes);
    } catch (err) {
      await fs.promises.rm(staged, { force: true });
      throw err;
    }
    return staged;
  }

  /**
   * Stream bytes to a temporary file as they arrive, hashing them, never holding more than a
   * chunk in memory. More than `limitBytes` throws `tooLarge()` and leaves nothing behind.
   */
  async stageStream(
    source: AsyncIterable<Uint8Array>,
    limitBytes: number,
    tooLarge: () => Error,
  ): Promise<{ staged: string; size: number; sha256: string }> {
    const staged = path.join(this.blobDir, `upload-${randomUUID()}.tmp`);
    const hash = createHash("sha256");
    let size = 0;
    const handle = await fs.promises.open(staged, "w");
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > limitBytes) throw tooLarge();
        hash.update(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await fs.promises.rm(staged, { force: true });
      throw err;
    }
    await handle.close();
    return { staged, size, sha256: hash.digest("base64") };
  }

  /** Give a staged (fsynced) file its storage id, durably: renamed, then the folder fsynced. */
  async commitBlob(staged: string, storageId: string): Promise<void> {
    await fs.promises.rename(staged, this.blobPath(storageId));
    await fsyncDir(this.blobDir);
  }

  /** Remove a blob file whose `_storage` document never committed. */
  async removeBlob(storageId: string): Promise<void> {
    await fs.promises.rm(this.blobPath(storageId), { force: true });
  }

  async discardStaged(staged: string): Promise<void> {
    await fs.promises.rm(staged, { force: true });
  }

  /** Size of a stored blob, or null if its file is missing. */
  async blobSize(storageId: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(this.blobPath(storageId))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async readBlob(storageId: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.blobPath(storageId));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  /** Remove blob files whose `_storage` document no longer exists. */
  async collectGarbageBlobs(isLive: (storageId: string) => boolean): Promise<void> {
    for (const entry of await fs.promises.readdir(this.blobDir)) {
      if (!entry.endsWith(".tmp") && !isLive(entry)) {
        await fs.promises.rm(path.join(this.blobDir, entry), { force: true });
      }
    }
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function writeFileSynced(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await fs.promises.open(file, "w");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFileSynced(tmp, data);
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(path.dirname(file));
}

export function writeAtomicSync(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    const fd = fs.openSync(tmp, "w");
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDirSync(path.dirname(file));
}
