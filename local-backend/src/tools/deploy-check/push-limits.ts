// What the deployment itself refuses when a push arrives, which the CLI does not check before
// sending. Values are the Convex backend's defaults (its knobs MAX_PUSH_BYTES,
// MAX_ZIPPED_PACKAGES_SIZE, MAX_USER_MODULES and the source packages' unzipped maximum);
// Convex Cloud may tune them, so they are a floor for "would be refused", not a promise.
export interface PushLimits {
  /** Size of the start_push request body. */
  maxRequestBytes: number;
  /** All packages (app and components) zipped together; refused at or above. */
  maxZippedBytes: number;
  /** All packages unzipped (sources, source maps, metadata); refused at or above. */
  maxUnzippedBytes: number;
  /** Function files per package, not counting bundled `_deps/` chunks. */
  maxUserModules: number;
}

export const CONVEX_PUSH_LIMITS: PushLimits = {
  maxRequestBytes: 200_000_000,
  maxZippedBytes: 90_000_000,
  maxUnzippedBytes: 230_000_000,
  maxUserModules: 4096,
};
