// A Convex export ZIP (layout.ts) loaded into a new data folder: the documents of every table of
// the app and its components with their creation times, and `_storage` with its files. Ids
// this backend exported come back exactly; ids Convex minted get local ids (convex-test can
// only use its own `<counter><table>` ids), rewritten wherever a document refers to them. The
// folder is assembled under a temporary name and renamed into place only once complete.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { convexToJson, type JSONValue, type Value } from "convex/values";
import { fsyncDirSync, writeAtomicSync } from "../../persistence/data-dir.js";
import { encodeStoredData, SNAPSHOT_FILE_NAME, type StoredData } from "../../persistence/snapshot.js";
import { counterOfConvexId, decodeConvexId } from "./convex-id.js";
import { fromExportJson } from "./export-json.js";
import { rewriteIds } from "./id-rewrite.js";
import { NotAZipError, ZipReader } from "./zip-reader.js";
import { classifyEntry, isTableName, STORAGE_TABLE, STORAGE_TABLE_NUMBER, TABLES_TABLE } from "./layout.js";

/** Input the importer refuses: says what is wrong and where. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportError";
  }
}

export interface ImportSummary {
  components: string[];
  tables: number;
  documents: number;
  files: number;
  /** Documents whose Convex id was replaced by a local one (a deployment's own export). */
  renumbered: number;
}

interface ParsedDocument {
  componentPath: string;
  table: string;
  where: string;
  /** The Convex `_id`, if it had one. */
  convexId: string | null;
  counter: number | null;
  fields: Record<string, Value>;
}

/** convex-test's id for a counter: zero-padded to its typical id length, then the table. */
function localId(counter: number, table: string): string {
  return String(counter).padStart(Math.max(0, 32 - table.length), "0") + table;
}

/** The entries of a ZIP by name, each read (decompressed) only when asked for. */
interface ZipSource {
  names: string[];
  read(name: string): Uint8Array;
  close(): void;
}

function openZip(zipPath: string): ZipSource {
  const notZip = (why: string) =>
    new ImportError(`${zipPath} is not a ZIP file (${why}); expected the file \`npx convex export --path x.zip\` writes`);
  let reader: ZipReader;
  try {
    reader = ZipReader.open(zipPath);
  } catch (err) {
    if (err instanceof NotAZipError) throw notZip(err.message);
    throw new ImportError(`${zipPath}: cannot be read (${(err as Error).message})`);
  }
  const byName = new Map(reader.entries.filter((entry) => !entry.name.endsWith("/")).map((entry) => [entry.name, entry]));
  return {
    names: [...byName.keys()].sort(),
    read: (name) => {
      try {
        return reader.read(byName.get(name)!);
      } catch (err) {
        throw new ImportError(`${zipPath}: ${(err as Error).message}`);
      }
    },
    close: () => reader.close(),
  };
}

function jsonLines(bytes: Uint8Array, entry: string): Array<{ text: string; where: string }> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError(`${entry} is not UTF-8 text`);
  }
  if (text.startsWith("\uFEFF")) throw new ImportError(`${entry} starts with a byte order mark, which Convex refuses too`);
  return text
    .split("\n")
    .map((line, i) => ({ text: line, where: `${entry} line ${i + 1}` }))
    .filter((line) => line.text.trim() !== "");
}

function parseObject(line: { text: string; where: string }): Record<string, Value> {
  let value: Value;
  try {
    value = fromExportJson(line.text);
  } catch (err) {
    throw new ImportError(`${line.where} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof ArrayBuffer) {
    throw new ImportError(`${line.where} is not a document (a JSON object)`);
  }
  return value as Record<string, Value>;
}

/** Every table's documents, with the checks Convex's import makes on `_id`. */
function parseDocuments(zip: ZipSource): ParsedDocument[] {
  const declared = new Map<string, Map<string, number>>(); // component → table → number (from _tables)
  for (const name of zip.names) {
    const entry = classifyEntry(name);
    if (entry.kind !== "documents" || entry.table !== TABLES_TABLE) continue;
    const tables = new Map<string, number>();
    for (const line of jsonLines(zip.read(name), name)) {
      const row = parseObject(line);
      const number = typeof row.id === "bigint" ? Number(row.id) : row.id;
      if (
        typeof row.name !== "string" ||
        !isTableName(row.name) ||
        typeof number !== "number" ||
        !Number.isInteger(number) ||
        number <= 0
      ) {
        throw new ImportError(`${line.where}: expected {"name": <table>, "id": <table number>}`);
      }
      if (tables.has(row.name)) throw new ImportError(`${line.where}: \`${TABLES_TABLE}\` lists \`${row.name}\` twice`);
      const sharing = [...tables].find(([, n]) => n === number)?.[0];
      if (sharing) throw new ImportError(`${line.where}: \`${row.name}\` and \`${sharing}\` have the same table number ${number}`);
      tables.set(row.name, number);
    }
    declared.set(entry.componentPath, tables);
  }

  const documents: ParsedDocument[] = [];
  const seen = new Map<string, string>();
  for (const name of zip.names) {
    const entry = classifyEntry(name);
    if (entry.kind === "schema") checkUniform(name, zip.read(name));
    if (entry.kind !== "documents") continue;
    const { componentPath, table } = entry;
    if (!isTableName(table)) throw new ImportError(`${name}: \`${table}\` is not a table name`);
    // As Convex: _tables is read above, _storage with its files, other system tables are skipped.
    if (table.startsWith("_")) continue;
    const numbers = declared.get(componentPath) ?? new Map<string, number>();
    declared.set(componentPath, numbers);
    let tableNumber = numbers.get(table);
    for (const line of jsonLines(zip.read(name), name)) {
      const fields = parseObject(line);
      const id = fields._id;
      let counter: number | null = null;
      if (id !== undefined) {
        const decoded = typeof id === "string" ? decodeConvexId(id) : null;
        if (!decoded || typeof id !== "string")
          throw new ImportError(`${line.where}: _id ${JSON.stringify(toPlain(id))} is not a Convex document id`);
        if (tableNumber === undefined) {
          const owner = [...numbers].find(([, n]) => n === decoded.tableNumber)?.[0];
          if (owner) throw new ImportError(`${line.where}: _id ${id} is an id of table \`${owner}\`, not of \`${table}\``);
          tableNumber = decoded.tableNumber;
          numbers.set(table, tableNumber);
        }
        if (decoded.tableNumber !== tableNumber) {
          const owner = [...numbers].find(([, n]) => n === decoded.tableNumber)?.[0];
          throw new ImportError(
            `${line.where}: _id ${id} does not belong to table \`${table}\`${componentPath ? ` of component ${componentPath}` : ""} ` +
              `(its table number is ${decoded.tableNumber}, the table's is ${tableNumber}${owner ? `, that of \`${owner}\`` : ""})`,
          );
        }
        const earlier = seen.get(id);
        if (earlier) throw new ImportError(`${line.where}: _id ${id} was already given to a document (${earlier})`);
        seen.set(id, line.where);
        counter = counterOfConvexId(decoded);
      }
      documents.push({ componentPath, table, where: line.where, convexId: typeof id === "string" ? id : null, counter, fields });
    }
  }
  return documents;
}

/**
 * Current exports say "uniform": values are export JSON. Older ones give an inferred schema
 * instead, by which strings may stand for Int64s or bytes; reading those as strings would
 * silently change the data, so they are refused.
 */
function checkUniform(name: string, bytes: Uint8Array): void {
  const first = new TextDecoder().decode(bytes).split("\n", 1)[0]?.trim();
  if (first !== '"uniform"') {
    throw new ImportError(
      `${name} describes the table with an inferred schema (an older Convex export format, whose values this importer cannot read); ` +
        "export the deployment again with a current `npx convex export`",
    );
  }
}

function toPlain(value: Value): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

interface ParsedFile {
  componentPath: string;
  convexId: string;
  counter: number | null;
  /** The ZIP entry holding its bytes (read again when written: files are not all held at once). */
  entry: string;
  size: number;
  sha256: string;
  creationTime: number | null;
  contentType: string | null;
}

/** Stored files with their `_storage/documents.jsonl` metadata (a file without metadata comes in too, as Convex does). */
function parseFiles(zip: ZipSource): ParsedFile[] {
  const metadata = new Map<string, Record<string, Value>>();
  for (const name of zip.names) {
    const entry = classifyEntry(name);
    if (entry.kind !== "documents" || entry.table !== STORAGE_TABLE) continue;
    for (const line of jsonLines(zip.read(name), name)) {
      const row = parseObject(line);
      if (typeof row._id !== "string" || decodeConvexId(row._id)?.tableNumber !== STORAGE_TABLE_NUMBER) {
        throw new ImportError(`${line.where}: _id ${JSON.stringify(toPlain(row._id ?? null))} is not a \`_storage\` id`);
      }
      metadata.set(`${entry.componentPath}\n${row._id}`, row);
    }
  }
  const files: ParsedFile[] = [];
  for (const name of zip.names) {
    const entry = classifyEntry(name);
    if (entry.kind !== "file" || entry.storageId === "documents") continue;
    const decoded = decodeConvexId(entry.storageId);
    if (!decoded) throw new ImportError(`${name}: \`${entry.storageId}\` is not a Convex storage id`);
    // Convex numbers \`_storage\` 540 in every deployment, and its import checks file ids against that.
    if (decoded.tableNumber !== STORAGE_TABLE_NUMBER) {
      throw new ImportError(
        `${name}: ${entry.storageId} is not an id of \`_storage\` (its table number is ${decoded.tableNumber}, not ${STORAGE_TABLE_NUMBER})`,
      );
    }
    const meta = metadata.get(`${entry.componentPath}\n${entry.storageId}`) ?? {};
    const bytes = zip.read(name);
    const sha256 = createHash("sha256").update(bytes).digest("base64");
    if (typeof meta.sha256 === "string" && meta.sha256 !== sha256) {
      throw new ImportError(
        `${name}: its bytes do not match the sha256 its \`_storage\` metadata gives (${meta.sha256}); the ZIP is damaged`,
      );
    }
    const creationTime =
      typeof meta._creationTime === "number"
        ? meta._creationTime
        : typeof meta._creationTime === "bigint"
          ? Number(meta._creationTime)
          : null;
    files.push({
      componentPath: entry.componentPath,
      convexId: entry.storageId,
      counter: counterOfConvexId(decoded),
      entry: name,
      size: bytes.length,
      sha256,
      creationTime,
      contentType: typeof meta.contentType === "string" ? meta.contentType : null,
    });
  }
  return files;
}

/** Folder `target` must not exist, or be an empty folder. */
function checkFresh(target: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  if (!stat.isDirectory()) throw new ImportError(`${target} is a file; import into a new (or empty) data folder`);
  if (fs.readdirSync(target).length > 0) {
    throw new ImportError(`${target} is not empty; import into a new (or empty) data folder, so no data is mixed or lost`);
  }
}

/** Load `zipPath` (a Convex snapshot export) into the new data folder `target`. */
export function importZip(zipPath: string, target: string): ImportSummary {
  const root = path.resolve(target);
  checkFresh(root);
  const zip = openZip(zipPath);
  try {
    return importEntries(zip, zipPath, root);
  } finally {
    zip.close();
  }
}

function importEntries(zip: ZipSource, zipPath: string, root: string): ImportSummary {
  if (!zip.names.some((name) => classifyEntry(name).kind === "documents")) {
    throw new ImportError(
      `${zipPath} does not hold a Convex export: no <table>/documents.jsonl entry ` +
        `(it holds ${zip.names.slice(0, 5).join(", ") || "nothing"}${zip.names.length > 5 ? ", …" : ""})`,
    );
  }
  const documents = parseDocuments(zip);
  const files = parseFiles(zip);

  // Counters: kept for ids this backend exported, new ones (after every kept one) for the rest.
  const used = new Set<number>();
  for (const item of [...documents, ...files]) {
    if (item.counter !== null && !used.has(item.counter)) used.add(item.counter);
    else item.counter = null;
  }
  let next = 10001;
  for (const counter of used) next = Math.max(next, counter + 1);
  const ids = new Map<string, string>();
  const fresh = () => next++;
  let renumbered = 0;
  const localIdOf = (item: { counter: number | null; convexId: string | null }, table: string) => {
    if (item.counter === null && item.convexId !== null) renumbered += 1;
    const id = localId(item.counter ?? fresh(), table);
    if (item.convexId !== null) ids.set(item.convexId, id);
    return id;
  };
  const documentsWithIds = documents.map((doc) => ({ doc, id: localIdOf(doc, doc.table) }));
  const filesWithIds = files.map((file) => ({ file, id: localIdOf(file, STORAGE_TABLE) }));

  const now = Date.now();
  const components = new Map<string, { lastCreationTime: number; documents: JSONValue[] }>();
  const add = (componentPath: string, doc: Record<string, Value>) => {
    const data = components.get(componentPath) ?? { lastCreationTime: 0, documents: [] };
    data.documents.push(convexToJson(doc));
    data.lastCreationTime = Math.max(data.lastCreationTime, doc._creationTime as number);
    components.set(componentPath, data);
  };
  for (const { doc, id } of documentsWithIds) {
    const fields = rewriteIds(doc.fields, ids) as Record<string, Value>;
    const creation = fields._creationTime;
    fields._id = id;
    fields._creationTime = typeof creation === "number" ? creation : typeof creation === "bigint" ? Number(creation) : now;
    add(doc.componentPath, fields);
  }
  for (const { file, id } of filesWithIds) {
    add(file.componentPath, {
      _id: id,
      _creationTime: file.creationTime ?? now,
      sha256: file.sha256,
      size: file.size,
      ...(file.contentType ? { contentType: file.contentType } : {}),
    });
  }
  const stored: StoredData = { components, nextDocId: next, lastCommitTs: BigInt(now) * 1_000_000n };

  const staging = path.join(path.dirname(root), `.${path.basename(root)}.import-${randomUUID()}.tmp`);
  try {
    fs.mkdirSync(path.join(staging, "storage"), { recursive: true });
    for (const { file, id } of filesWithIds) writeAtomicSync(path.join(staging, "storage", id), zip.read(file.entry));
    writeAtomicSync(path.join(staging, SNAPSHOT_FILE_NAME), encodeStoredData(stored));
    fsyncDirSync(staging);
    checkFresh(root);
    if (fs.existsSync(root)) fs.rmdirSync(root);
    fs.renameSync(staging, root);
    fsyncDirSync(path.dirname(root));
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  return {
    components: [...components.keys()].sort(),
    tables: new Set(documents.map((doc) => `${doc.componentPath}\n${doc.table}`)).size,
    documents: documents.length,
    files: files.length,
    renumbered,
  };
}
