// File storage for the app and every component: blobs on disk (one file per storage id; ids are
// unique across components), `_storage` documents in the owning component's database, upload
// URLs that remember which component asked for them, and the storage syscalls.
import { createHash, randomUUID } from "node:crypto";
import type { EngineCore } from "./engine-core.js";
import { type StoredDocument, tableNameFromId } from "../convex-test-adapter/internals.js";

const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;

/** Where blob files live: the data folder (`DataDir`), which the engine does not otherwise know. */
export interface BlobFiles {
  /** Write bytes to a temporary file; returns its name for `commitBlob` or `discardStaged`. */
  stageBlob(bytes: Uint8Array): Promise<string>;
  /** Stream bytes to a temporary file; more than `limitBytes` throws `tooLarge()`, leaving nothing. */
  stageStream(
    source: AsyncIterable<Uint8Array>,
    limitBytes: number,
    tooLarge: () => Error,
  ): Promise<{ staged: string; size: number; sha256: string }>;
  commitBlob(staged: string, storageId: string): Promise<void>;
  discardStaged(staged: string): Promise<void>;
  removeBlob(storageId: string): Promise<void>;
  readBlob(storageId: string): Promise<Buffer | null>;
}

export class EngineStorage {
  private readonly uploadTokens = new Map<string, { expiresAt: number; componentPath: string }>();
  /** Blob files renamed to their storage id whose `_storage` document is still committing. */
  private readonly pendingBlobs = new Set<string>();

  constructor(
    private readonly core: EngineCore,
    private readonly dataDir: BlobFiles,
  ) {}

  uploadUrl(componentPath: string): string {
    const token = randomUUID();
    this.uploadTokens.set(token, { expiresAt: Date.now() + UPLOAD_URL_TTL_MS, componentPath });
    return `${this.core.cloudUrl}/api/storage/upload?token=${token}`;
  }

  /** The component an upload URL belongs to, or null if the token is unknown, used or expired. */
  consumeUploadToken(token: string | null): string | null {
    if (!token) return null;
    const entry = this.uploadTokens.get(token);
    this.uploadTokens.delete(token);
    return entry && entry.expiresAt > Date.now() ? entry.componentPath : null;
  }

  storageUrl(storageId: string): string {
    return `${this.core.cloudUrl}/api/storage/${storageId}`;
  }

  /** The committed `_storage` document of a storage id, in whichever component owns it. */
  storageDoc(storageId: string): StoredDocument | null {
    if (tableNameFromId(storageId) !== "_storage") return null;
    for (const path of this.core.componentPaths()) {
      const doc = this.core.dbOf(path)._documents[storageId];
      if (doc) return doc;
    }
    return null;
  }

  /** Store bytes as a new `_storage` document in its own transaction; returns the storage id. */
  async storeBlob(bytes: Uint8Array, contentType: string | null, componentPath: string): Promise<string> {
    const sha256 = createHash("sha256").update(bytes).digest("base64");
    const staged = await this.dataDir.stageBlob(bytes);
    return this.commitStaged({ staged, size: bytes.byteLength, sha256 }, contentType, componentPath);
  }

  /** Store an upload streamed to disk as it arrives (at most `limitBytes`); returns the storage id. */
  async storeStream(
    source: AsyncIterable<Uint8Array>,
    limitBytes: number,
    tooLarge: () => Error,
    contentType: string | null,
    componentPath: string,
  ): Promise<string> {
    const staged = await this.dataDir.stageStream(source, limitBytes, tooLarge);
    return this.commitStaged(staged, contentType, componentPath);
  }

  /**
   * The `_storage` document of a staged (fsynced) file. Inside its transaction the file gets its
   * storage id (renamed, folder fsynced) before the document commits, so a committed id always
   * has its file on disk; a failed rename or a refused commit (disk full) fails the upload and
   * leaves no file behind. A kill in between leaves at most a file without a document, which the
   * next snapshot's garbage collection removes.
   */
  private async commitStaged(
    { staged, size, sha256 }: { staged: string; size: number; sha256: string },
    contentType: string | null,
    componentPath: string,
  ): Promise<string> {
    let storageId: string | null = null;
    try {
      return await this.core.transact(async () => {
        const id = this.core.dbOf(componentPath).insert("_storage", { sha256, size, ...(contentType ? { contentType } : {}) });
        storageId = id;
        this.pendingBlobs.add(id);
        await this.dataDir.commitBlob(staged, id);
        return id;
      });
    } catch (err) {
      await this.dataDir.discardStaged(staged);
      if (storageId !== null && !this.storageDoc(storageId)) await this.dataDir.removeBlob(storageId).catch(() => undefined);
      throw err;
    } finally {
      if (storageId !== null) this.pendingBlobs.delete(storageId);
    }
  }

  async readBlob(storageId: string, componentPath: string): Promise<Blob | null> {
    const doc = this.storageDocIn(componentPath, storageId);
    if (!doc) return null;
    const bytes = await this.dataDir.readBlob(storageId);
    if (!bytes) return null;
    return new Blob([new Uint8Array(bytes)], { type: typeof doc.contentType === "string" ? doc.contentType : "" });
  }

  private storageDocIn(componentPath: string, storageId: string): StoredDocument | null {
    if (tableNameFromId(storageId) !== "_storage") return null;
    return this.core.dbOf(componentPath).get("_storage", storageId);
  }

  /** The storage syscalls, for the component of the running function. Null: not a storage op. */
  async asyncSyscall(op: string, args: Record<string, unknown>): Promise<string | null> {
    const componentPath = this.core.currentComponentPath();
    switch (op) {
      case "1.0/storageGenerateUploadUrl":
        return JSON.stringify(this.uploadUrl(componentPath));
      case "1.0/storageGetUrl": {
        this.core.readTable("_storage");
        const storageId = String(args.storageId);
        return JSON.stringify(this.storageDocIn(componentPath, storageId) ? this.storageUrl(storageId) : null);
      }
      case "1.0/storageGetMetadata": {
        this.core.readTable("_storage");
        const storageId = String(args.storageId);
        const doc = this.storageDocIn(componentPath, storageId);
        return JSON.stringify(doc ? { storageId, sha256: doc.sha256, size: doc.size, contentType: doc.contentType ?? null } : null);
      }
      case "1.0/storageDelete": {
        const storageId = String(args.storageId);
        const db = this.core.dbOf(componentPath);
        // convex-test decides "inside a transaction" globally; ask the caller's own context.
        if (this.core.inTransaction()) db.delete("_storage", storageId);
        else await this.core.transact(() => db.delete("_storage", storageId));
        return JSON.stringify({});
      }
      default:
        return null;
    }
  }

  /** `storage/storeBlob` and `storage/getBlob` (actions); undefined: not a storage op. */
  async jsSyscall(op: string, args: Record<string, unknown>): Promise<unknown> {
    const componentPath = this.core.currentComponentPath();
    switch (op) {
      case "storage/storeBlob": {
        const blob = args.blob as Blob;
        return this.storeBlob(new Uint8Array(await blob.arrayBuffer()), blob.type || null, componentPath);
      }
      case "storage/getBlob":
        this.core.readTable("_storage");
        return this.readBlob(String(args.storageId), componentPath);
      default:
        return undefined;
    }
  }

  /** Whether a blob file must be kept: its document exists, or is committing right now. */
  isLiveBlob(storageId: string): boolean {
    return this.pendingBlobs.has(storageId) || this.storageDoc(storageId) !== null;
  }
}
