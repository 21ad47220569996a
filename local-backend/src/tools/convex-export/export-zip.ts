// A data folder written as the ZIP `npx convex export` produces (layout.ts), so `npx convex import`
// loads it into a deployment: every app and component table, `_storage` with its files, ids turned
// into Convex ids (convex-id.ts) everywhere they appear, creation times kept.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { jsonToConvex, type Value } from "convex/values";
import { DataDir, fsyncDir } from "../../persistence/data-dir.js";
import { counterFromId, tableNameFromId, type StoredDocument } from "../../convex-test-adapter/internals.js";
import { readStoredData, type StoredData } from "../../persistence/snapshot.js";
import { convexIdForCounter } from "./convex-id.js";
import { toExportJson } from "./export-json.js";
import { rewriteIds } from "./id-rewrite.js";
import {
  componentPrefix,
  extensionFor,
  FIRST_USER_TABLE_NUMBER,
  README_PATH,
  README_TEXT,
  STORAGE_TABLE,
  STORAGE_TABLE_NUMBER,
  TABLES_TABLE,
  UNIFORM_SCHEMA_LINE,
} from "./layout.js";

export interface ExportSummary {
  components: number;
  tables: number;
  documents: number;
  files: number;
  /** `_storage` documents whose file was missing from the data folder (left out of the ZIP). */
  missingFiles: string[];
}

/** Read a data folder (locked while read: a backend running on it makes this fail) and write the ZIP to `out`. */
export async function exportDataFolder(dataRoot: string, out: string): Promise<ExportSummary> {
  if (!fs.existsSync(dataRoot) || !fs.statSync(dataRoot).isDirectory()) throw new Error(`${dataRoot}: no such data folder`);
  // The lock refuses a backend of another process; one running in this process would not be seen.
  const lock = path.join(dataRoot, "backend.lock");
  if (fs.existsSync(lock) && fs.readFileSync(lock, "utf8").trim() === String(process.pid)) {
    throw new Error(`${dataRoot} is in use by a backend running in this process; stop it first`);
  }
  const dataDir = DataDir.open(dataRoot);
  const target = path.resolve(out);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  try {
    // Files are read under the lock too: a backend started meanwhile could delete some.
    const stored = readStoredData(dataDir);
    return await writeZipFile(target, (emit) =>
      writeExport(
        stored,
        {
          size: (id) => fs.statSync(dataDir.blobPath(id), { throwIfNoEntry: false })?.size ?? null,
          read: (id) => fs.readFileSync(dataDir.blobPath(id)),
        },
        emit,
      ),
    );
  } finally {
    dataDir.releaseLock();
  }
}

/**
 * Write a ZIP as its entries are produced (only one entry in memory at a time) to a temporary
 * file, renamed to `file` once complete and on disk.
 */
async function writeZipFile<T>(file: string, produce: (emit: EmitEntry) => T): Promise<T> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  const fd = fs.openSync(tmp, "w");
  let open = true;
  try {
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure ??= err;
      else fs.writeSync(fd, chunk);
    });
    const result = produce((name, bytes, deflate) => {
      const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
      if (failure) throw failure;
    });
    zip.end();
    if (failure) throw failure as Error;
    fs.fsyncSync(fd);
    open = false;
    fs.closeSync(fd);
    await fs.promises.rename(tmp, file);
    await fsyncDir(path.dirname(file));
    return result;
  } catch (err) {
    if (open) fs.closeSync(fd);
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

interface ComponentTables {
  path: string;
  /** User tables by name, their documents decoded. */
  tables: Map<string, StoredDocument[]>;
  storage: StoredDocument[];
}

function groupByTable(stored: StoredData): ComponentTables[] {
  // The app is always there (an empty deployment's export still has its _tables and _storage).
  const components = new Map([["", { lastCreationTime: 0, documents: [] }], ...stored.components]);
  return [...components.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([componentPath, data]) => {
      const tables = new Map<string, StoredDocument[]>();
      const storage: StoredDocument[] = [];
      for (const json of data.documents) {
        const doc = jsonToConvex(json) as StoredDocument;
        const table = tableNameFromId(doc._id);
        if (table === STORAGE_TABLE) storage.push(doc);
        // Other system tables (_scheduled_functions, …) are not part of an export.
        else if (table && !table.startsWith("_")) {
          const docs = tables.get(table);
          if (docs) docs.push(doc);
          else tables.set(table, [doc]);
        }
      }
      return { path: componentPath, tables, storage };
    });
}

/** Stored files by storage id: their size (null: missing from the folder) and bytes. */
export interface BlobSource {
  size(storageId: string): number | null;
  read(storageId: string): Uint8Array;
}

/** Add one entry to the ZIP (deflated or stored as it is). */
export type EmitEntry = (name: string, bytes: Uint8Array, deflate: boolean) => void;

/** Emit the ZIP's entries for the stored data in Convex's order, one stored file at a time. */
export function writeExport(stored: StoredData, blobs: BlobSource, emit: EmitEntry): ExportSummary {
  const components = groupByTable(stored);
  const ids = new Map<string, string>();
  const numbers = new Map<string, Map<string, number>>();
  for (const component of components) {
    const tableNumbers = new Map([...component.tables.keys()].sort().map((table, i) => [table, FIRST_USER_TABLE_NUMBER + i]));
    numbers.set(component.path, tableNumbers);
    for (const [table, docs] of component.tables) {
      for (const doc of docs) ids.set(doc._id, convexIdForCounter(tableNumbers.get(table)!, counterFromId(doc._id)));
    }
    for (const doc of component.storage) ids.set(doc._id, convexIdForCounter(STORAGE_TABLE_NUMBER, counterFromId(doc._id)));
  }
  const encoder = new TextEncoder();
  const jsonl = (lines: string[]) => encoder.encode(lines.map((line) => `${line}\n`).join(""));
  emit(README_PATH, encoder.encode(README_TEXT), true);
  const summary: ExportSummary = { components: components.length, tables: 0, documents: 0, files: 0, missingFiles: [] };

  for (const component of components) {
    const tableNumbers = [...numbers.get(component.path)!].sort(([, a], [, b]) => a - b);
    emit(
      `${componentPrefix(component.path)}${TABLES_TABLE}/documents.jsonl`,
      jsonl(tableNumbers.map(([name, id]) => JSON.stringify({ name, id }))),
      true,
    );
  }
  for (const component of components) {
    const prefix = componentPrefix(component.path);
    for (const [table, docs] of [...component.tables].sort(([a], [b]) => a.localeCompare(b))) {
      docs.sort((a, b) => a._creationTime - b._creationTime);
      emit(`${prefix}${table}/documents.jsonl`, jsonl(docs.map((doc) => toExportJson(rewriteIds(doc as Value, ids)))), true);
      emit(`${prefix}${table}/generated_schema.jsonl`, encoder.encode(UNIFORM_SCHEMA_LINE), true);
      summary.tables += 1;
      summary.documents += docs.length;
    }
  }
  for (const component of components) {
    const prefix = componentPrefix(component.path);
    const metadata: string[] = [];
    const present: Array<[string, string]> = [];
    for (const doc of component.storage.sort((a, b) => a._creationTime - b._creationTime)) {
      const size = blobs.size(doc._id);
      if (size === null) {
        summary.missingFiles.push(doc._id);
        continue;
      }
      const id = ids.get(doc._id)!;
      // Fields in the order Convex writes them (not sorted: this line is not a document).
      const fields: Array<[string, Value]> = [
        ["_id", id],
        ["_creationTime", doc._creationTime],
        ["sha256", typeof doc.sha256 === "string" ? doc.sha256 : null],
        ["size", BigInt(size)],
        ["contentType", typeof doc.contentType === "string" ? doc.contentType : null],
        ["internalId", null],
      ];
      metadata.push(`{${fields.map(([key, value]) => `${JSON.stringify(key)}:${toExportJson(value)}`).join(",")}}`);
      present.push([doc._id, `${prefix}${STORAGE_TABLE}/${id}${extensionFor(doc.contentType)}`]);
    }
    emit(`${prefix}${STORAGE_TABLE}/documents.jsonl`, jsonl(metadata), true);
    // Stored as they are: mostly images and archives, which deflate would only slow down.
    for (const [storageId, name] of present) emit(name, blobs.read(storageId), false);
    summary.files += present.length;
  }
  return summary;
}
