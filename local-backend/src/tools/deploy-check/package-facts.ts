// Sizes of what a push uploads, measured the way the deployment measures them: each package
// (the app, each component definition) becomes a zip of its modules (functions, schema,
// convex.config) and their source maps.
import zlib from "node:zlib";
import type { ModuleBundle, PushRequest } from "./cli-push-request.js";

export interface ModuleFacts {
  path: string;
  environment: "isolate" | "node";
  bytes: number;
  sourceMapBytes: number;
}

export interface PackageFacts {
  /** "" for the app itself, else the component definition's path as the CLI names it. */
  definitionPath: string;
  modules: ModuleFacts[];
  /** Function files, not counting the shared chunks esbuild puts under `_deps/`, the schema
   *  or convex.config. */
  userModules: number;
  unzippedBytes: number;
  /** Estimate: each entry deflated, plus the zip's per-entry headers. */
  zippedBytes: number;
}

const textBytes = (text: string | undefined) => (text ? Buffer.byteLength(text) : 0);
const deflatedBytes = (text: string | undefined) => (text ? zlib.deflateRawSync(text).length : 0);
// A zip's local file header (30 bytes) and central directory entry (46) both hold the name.
const entryOverhead = (name: string) => 76 + 2 * Buffer.byteLength(name);

export function packageFacts(
  definitionPath: string,
  functions: ModuleBundle[],
  schemaAndDefinition: Array<ModuleBundle | null>,
): PackageFacts {
  const bundles = [...functions, ...schemaAndDefinition.filter((b) => b !== null)];
  const modules = bundles.map((b) => ({
    path: b.path,
    environment: b.environment,
    bytes: textBytes(b.source),
    sourceMapBytes: textBytes(b.sourceMap),
  }));
  const metadata = JSON.stringify({
    modulePaths: bundles.flatMap((b) => (b.sourceMap ? [b.path, `${b.path}.map`] : [b.path])),
    moduleEnvironments: bundles.map((b) => [b.path, b.environment]),
  });
  let unzippedBytes = textBytes(metadata);
  let zippedBytes = deflatedBytes(metadata) + entryOverhead("metadata.json");
  for (const b of bundles) {
    unzippedBytes += textBytes(b.source) + textBytes(b.sourceMap);
    zippedBytes += deflatedBytes(b.source) + entryOverhead(`modules/${b.path}`);
    if (b.sourceMap) zippedBytes += deflatedBytes(b.sourceMap) + entryOverhead(`modules/${b.path}.map`);
  }
  return {
    definitionPath,
    modules,
    userModules: functions.filter((b) => !b.path.startsWith("_deps/")).length,
    unzippedBytes,
    zippedBytes,
  };
}

export function pushPackages(request: PushRequest): PackageFacts[] {
  return [
    packageFacts("", request.appDefinition.changedModules, [request.appDefinition.schema, request.appDefinition.definition]),
    ...request.componentDefinitions.map((c) => packageFacts(c.definitionPath, c.functions, [c.schema, c.definition])),
  ];
}
