// Vector search queries refused as Convex refuses them. convex-test ranks by cosine similarity
// whatever the query vector's length; Convex compiles the query against the index first
// (crates/vector/src/qdrant_index.rs `compile`) and refuses a vector longer than any index may
// be, or not of the index's declared `dimensions` (crates/vector/src/lib.rs).
import type { DatabaseFake } from "../../convex-test-adapter/internals.js";

/** `crates/common/src/bootstrap_model/index/vector_index/dimensions.rs` */
export const MAX_VECTOR_DIMENSIONS = 4096;

interface SchemaVectorIndex {
  indexDescriptor: string;
  dimensions: number;
}
interface VectorSchema {
  tables: Map<string, { vectorIndexes?: SchemaVectorIndex[] }>;
}

/** The `VectorDimensionsMismatch` message, which an action sees as a plain `Error`. */
export function vectorDimensionsMismatchMessage(received: number, expected: number): string {
  return `Expected a vector with dimensions ${expected}, received ${received}.`;
}

/** Convex's message for a query vector the index cannot take, or null. */
export function vectorQueryError(vector: readonly unknown[], dimensions: number): string | null {
  if (vector.length > MAX_VECTOR_DIMENSIONS) return vectorDimensionsMismatchMessage(vector.length, MAX_VECTOR_DIMENSIONS);
  if (vector.length !== dimensions) return vectorDimensionsMismatchMessage(vector.length, dimensions);
  return null;
}

/** The declared `dimensions` of `table.index`, if the schema declares that vector index. */
function declaredDimensions(db: DatabaseFake, tableAndIndexName: string): number | undefined {
  const [table, index] = tableAndIndexName.split(".");
  const schema = db._schema as VectorSchema | null;
  return schema?.tables.get(table ?? "")?.vectorIndexes?.find((i) => i.indexDescriptor === index)?.dimensions;
}

export type VectorSearch = (tableAndIndexName: string, vector: unknown[], expressions: unknown[], limit: number) => unknown;

/** Wraps convex-test's `DatabaseFake.vectorSearch`: refuse first, then rank as before. */
export function checkedVectorSearch(db: DatabaseFake, original: VectorSearch): VectorSearch {
  return (tableAndIndexName, vector, expressions, limit) => {
    // An undeclared index keeps convex-test's own error.
    const dimensions = declaredDimensions(db, tableAndIndexName);
    const refused = dimensions === undefined ? null : vectorQueryError(vector, dimensions);
    if (refused) throw new Error(refused);
    return original(tableAndIndexName, vector, expressions, limit);
  };
}
