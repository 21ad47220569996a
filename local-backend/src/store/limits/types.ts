// The convex-test 0.0.60 internals the limits rely on, beyond those declared in ../internals.ts.
import type { DatabaseFake, TransactionManager } from "../../convex-test-adapter/internals.js";
import type { TransactionMetric } from "./numbers.js";

/** convex-test's `DatabaseFake`, the parts every write and every query passes through. */
export interface LimitsDatabase extends DatabaseFake {
  _nextQueryId: number;
  _generateId(table: string): string;
  /** Schema validation; called by insert, patch and replace before the write is staged. */
  _validate(table: string, doc: Record<string, unknown>): void;
  replace(table: string, id: string, value: Record<string, unknown>): void;
  startTransaction(): void;
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
