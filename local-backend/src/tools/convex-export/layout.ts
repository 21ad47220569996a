// Where things go in a Convex snapshot export ZIP, as `npx convex export` writes it and
// `npx convex import` reads it:
//   README.md                                   a fixed welcome text
//   <prefix>_tables/documents.jsonl             {"name": table, "id": table number}, user tables, by number
//   <prefix><table>/documents.jsonl             one document a line (export JSON, see export-json.ts)
//   <prefix><table>/generated_schema.jsonl      the single line "uniform"
//   <prefix>_storage/documents.jsonl            {"_id","_creationTime","sha256","size","contentType","internalId"}
//   <prefix>_storage/<storage id>[.<ext>]       the file's bytes (extension guessed from contentType)
// where <prefix> is "" for the app and `_components/<name>/` for each step of a component's path
// (`_components/rateLimiter/_components/batchWorker/`). System tables other than `_storage` and
// `_tables` are not exported. User tables are numbered from 10001; `_storage` is 540 everywhere.

export const README_PATH = "README.md";
export const README_TEXT = `# Welcome to your Convex snapshot export!

This ZIP file contains a snapshot of the tables in your Convex deployment.

Documents for each table are listed as lines of JSON in
<table_name>/documents.jsonl files.

For details on the format and how to use this snapshot with npx convex import,
check out [the docs](https://docs.convex.dev/database/import-export/export) or
ask us in [Discord](http://convex.dev/community).
`;

export const TABLES_TABLE = "_tables";
export const STORAGE_TABLE = "_storage";
export const STORAGE_TABLE_NUMBER = 540;
export const FIRST_USER_TABLE_NUMBER = 10001;
export const UNIFORM_SCHEMA_LINE = '"uniform"\n';

/** The folder prefix of a component's entries ("" for the app, "a/b" → `_components/a/_components/b/`). */
export function componentPrefix(componentPath: string): string {
  return componentPath === ""
    ? ""
    : componentPath
        .split("/")
        .map((name) => `_components/${name}/`)
        .join("");
}

export type EntryKind =
  | { kind: "documents"; componentPath: string; table: string }
  | { kind: "schema"; componentPath: string; table: string }
  | { kind: "file"; componentPath: string; storageId: string }
  | { kind: "other" };

/** Peel `_components/<name>/` steps off the end of a folder prefix; what is left before them is ignored, as Convex does. */
function componentPathOf(prefix: string): string {
  const names: string[] = [];
  let rest = prefix;
  for (let match = /^(.*\/)?_components\/([^/]+)\/$/.exec(rest); match; match = /^(.*\/)?_components\/([^/]+)\/$/.exec(rest)) {
    names.unshift(match[2] ?? "");
    rest = match[1] ?? "";
  }
  return names.join("/");
}

/** What one ZIP entry is, by its name. */
export function classifyEntry(name: string): EntryKind {
  const table = /^(.*\/)?([^/]+)\/(documents|generated_schema)\.jsonl$/.exec(name);
  if (table) {
    const componentPath = componentPathOf(table[1] ?? "");
    return { kind: table[3] === "documents" ? "documents" : "schema", componentPath, table: table[2] ?? "" };
  }
  const file = /^(.*\/)?_storage\/([^/.]+)(?:\.[^/]+)?$/.exec(name);
  if (file) return { kind: "file", componentPath: componentPathOf(file[1] ?? ""), storageId: file[2] ?? "" };
  return { kind: "other" };
}

/** Table names Convex accepts: a letter or `_` first, then letters, digits and `_`. */
export function isTableName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name);
}

/** A file extension for a content type, so a stored file opens at a glance (Convex adds one too). */
export function extensionFor(contentType: unknown): string {
  if (typeof contentType !== "string") return "";
  const type = (contentType.split(";", 1)[0] ?? "").trim().toLowerCase();
  const known: Record<string, string> = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/webp": "webp",
    "image/avif": "avif",
    "image/svg+xml": "svg",
    "text/plain": "txt",
    "text/html": "html",
    "text/css": "css",
    "text/csv": "csv",
    "application/json": "json",
    "application/pdf": "pdf",
    "application/zip": "zip",
    "video/mp4": "mp4",
    "audio/mpeg": "mp3",
    "application/javascript": "js",
    "text/javascript": "js",
  };
  return known[type] ? `.${known[type]}` : "";
}
