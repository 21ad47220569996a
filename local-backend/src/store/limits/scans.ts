// Documents scanned. Convex charges every document a query reads from its index range, also
// those a `.filter()` then drops, and it reads lazily: `.filter(…).first()` stops at the first
// match (crates/database/src/query/index_range.rs charges each document as the query pipeline
// pulls it). convex-test charges only the documents a query returns; the ordered indexes
// (../indexes) pull documents one at a time and report each one a filter drops, charged here.
import { getDocumentSize, type Value } from "convex/values";
import type { StoredDocument } from "../../convex-test-adapter/internals.js";
import type { MetricsTracker } from "./types.js";

export type FilteredOutCharger = (doc: StoredDocument) => void;

export function chargeFilteredOut(currentTracker: () => MetricsTracker | null): FilteredOutCharger {
  return (doc) => currentTracker()?.trackRead(getDocumentSize(doc as Record<string, Value>));
}
