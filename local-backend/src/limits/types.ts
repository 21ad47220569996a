// The convex-test 0.0.60 internals the limits rely on, beyond those declared in ../internals.ts.
import type { DatabaseFake, StoredDocument, TransactionManager } from "../internals.js";
import type { TransactionMetric } from "./numbers.js";

export interface QuerySource {
  type: string;
}

export interface Query {
  source: QuerySource;
  operators: Array<Record<string, unknown>>;
}

export interface ResolvedQuery {
  sortedDocs: StoredDocument[];
  filterFn: (doc: StoredDocument) => boolean;
  limit: number | null;
}

export interface PaginateArgs {
  query: Query;
}

/** convex-test's `DatabaseFake`, the parts every write and every query passes through. */
export interface LimitsDatabase extends DatabaseFake {
  _nextQueryId: number;
  _generateId(table: string): string;
  /** Schema validation; called by insert, patch and replace before the write is staged. */
  _validate(table: string, doc: Record<string, unknown>): void;
  _resolveQuerySource(query: Query): ResolvedQuery;
  replace(table: string, id: string, value: Record<string, unknown>): void;
  startTransaction(): void;
  startQuery(query: Query): number;
  queryNext(queryId: number): { value: StoredDocument | null; done: boolean };
  paginate(args: PaginateArgs): unknown;
}

export type Metrics = Record<TransactionMetric, number>;

/** One layer of convex-test's `TransactionMetricsTracker` (one per nested transaction). */
export interface MetricsLayer {
  metrics: Metrics;
  limits: Metrics;
  enforce: boolean;
}

export interface MetricsTracker {
  _current(): MetricsLayer | undefined;
  trackRead(docSizeBytes: number): void;
  trackWrite(docSizeBytes: number): void;
  trackIndexRange(): void;
  trackScheduledFunction(argsSizeBytes: number): void;
}

/** convex-test's `TransactionManager`. */
export interface LimitsTransactionManager extends TransactionManager {
  _limitsConfig: unknown;
  _metricsTracker: MetricsTracker | null;
  begin(isNested: boolean, transactionLimits?: unknown): Promise<void>;
  getMetricsTracker(): MetricsTracker | null;
}
