// Stored documents against a schema, as a Convex push checks them: a schema that existing
// documents break is refused. Used at start (the stored data against the code's schema) and on
// every hot reload (the data against the new schema, before the new code is swapped in).
import type { DatabaseFake, StoredDocument } from "../convex-test-adapter/internals.js";

interface SchemaTable {
  documentType?: unknown;
}
interface FakeSchema {
  schemaValidation?: boolean;
  tables: Map<string, SchemaTable>;
}
interface CheckableDatabase extends DatabaseFake {
  _validate(table: string, doc: Record<string, unknown>): void;
  _iterateDocs(table: string, callback: (doc: StoredDocument) => void): void;
}

export interface SchemaViolations {
  count: number;
  /** The first few, each naming the component, table and document. */
  examples: string[];
}

const EXAMPLES = 5;

/**
 * The documents of `stored` that `schemaOf`'s schema refuses. With `previous` (the schema the
 * documents were last checked against), tables whose validator did not change are skipped.
 */
export function schemaViolations(
  stored: DatabaseFake,
  schemaOf: DatabaseFake,
  componentPath: string,
  previous: unknown = null,
): SchemaViolations {
  const result: SchemaViolations = { count: 0, examples: [] };
  const schema = schemaOf._schema as FakeSchema | null;
  if (!schema?.schemaValidation) return result;
  const before = previous as FakeSchema | null;
  const checker = schemaOf as CheckableDatabase;
  for (const [table, definition] of schema.tables) {
    if (before?.schemaValidation && sameValidator(before.tables.get(table), definition)) continue;
    (stored as CheckableDatabase)._iterateDocs(table, (doc) => {
      const { _id, _creationTime, ...fields } = doc;
      try {
        checker._validate(table, fields);
      } catch (err) {
        result.count += 1;
        if (result.examples.length < EXAMPLES) {
          const where = componentPath ? `component "${componentPath}", ` : "";
          result.examples.push(`${where}table "${table}", document ${_id}: ${(err as Error).message.replace(/^Validator error: /, "")}`);
        }
      }
    });
  }
  return result;
}

function sameValidator(a: SchemaTable | undefined, b: SchemaTable): boolean {
  return a !== undefined && JSON.stringify(a.documentType) === JSON.stringify(b.documentType);
}

/** "N stored documents do not match…", listing the examples. */
export function describeViolations(all: SchemaViolations[]): string | null {
  const count = all.reduce((n, v) => n + v.count, 0);
  if (count === 0) return null;
  const examples = all.flatMap((v) => v.examples).slice(0, EXAMPLES);
  return (
    `${count} stored document${count > 1 ? "s do" : " does"} not match the schema (as on Convex, a schema the existing ` +
    `documents break is refused):\n  ${examples.join("\n  ")}${count > examples.length ? `\n  … and ${count - examples.length} more` : ""}`
  );
}
