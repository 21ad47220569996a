// The data directory: JSON files written atomically (temp file, fsync, rename) so a crash leaves
// either the old or the new version, one file per stored blob, and a lock so two backends do not
// share a directory.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDir {
  readonly root: string;
  readonly blobDir: string;
  private readonly lockPath: string;

  private constructor(root: string) {
    this.root = root;
    this.blobDir = path.join(root, "storage");
    this.lockPath = path.join(root, "backend.lock");
  }

  static open(root: string, { reset = false } = {}): DataDir {
    const dir = new DataDir(path.resolve(root));
    fs.mkdirSync(dir.root, { recursive: true });
    dir.acquireLock();
    if (reset) {
      for (const entry of fs.readdirSync(dir.root)) {
        if (path.join(dir.root, entry) !== dir.lockPath) {
          fs.rmSync(path.join(dir.root, entry), { recursive: true, force: true });
        }
      }
    }
    fs.mkdirSync(dir.blobDir, { recursive: true });
    // Leftovers of writes interrupted by a crash.
    for (const dirPath of [dir.root, dir.blobDir]) {
      for (const entry of fs.readdirSync(dirPath)) {
        if (entry.endsWith(".tmp")) fs.rmSync(path.join(dirPath, entry), { force: true });
      }
    }
    return dir;
  }

  private acquireLock(): void {
    try {
      const pid = Number(fs.readFileSync(this.lockPath, "utf8"));
      if (pid && pid !== process.pid && isProcessAlive(pid)) {
        throw new Error(
          `local-backend: ${this.root} is in use by another backend (pid ${pid}). Stop it or use another --data folder.`,
        );
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
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

  readJson<T>(name: string): T | null {
    try {
      return JSON.parse(fs.readFileSync(path.join(this.root, name), "utf8")) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new Error(`local-backend: cannot read ${path.join(this.root, name)}: ${(err as Error).message}`);
    }
  }

  async writeJson(name: string, value: unknown): Promise<void> {
    await writeAtomic(path.join(this.root, name), JSON.stringify(value));
  }

  writeJsonSync(name: string, value: unknown): void {
    writeAtomicSync(path.join(this.root, name), JSON.stringify(value));
  }

  blobPath(storageId: string): string {
    if (!/^[0-9A-Za-z_]+$/.test(storageId)) throw new Error(`Invalid storage id ${storageId}`);
    return path.join(this.blobDir, storageId);
  }

  /** Write bytes under a temporary name; `commitBlob` gives it its storage id. */
  async stageBlob(bytes: Uint8Array): Promise<string> {
    const staged = path.join(this.blobDir, `upload-${randomUUID()}.tmp`);
    await writeFileSynced(staged, bytes);
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

  async commitBlob(staged: string, storageId: string): Promise<void> {
    await fs.promises.rename(staged, this.blobPath(storageId));
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
  await writeFileSynced(tmp, data);
  await fs.promises.rename(tmp, file);
}

export function writeAtomicSync(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${randomUUID()}.tmp`;
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}
