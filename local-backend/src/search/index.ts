// Full-text search as Convex ranks it. Installed on the database of the app and of every
// component, so `withSearchIndex` queries return what a Convex deployment would return.
import type { DatabaseFake } from "../internals.js";

/** Replace convex-test's search evaluation on one database. */
export function installSearch(_db: DatabaseFake): void {
  // Filled in by the search work: BM25 relevance order, prefix last term, term and result caps.
}
