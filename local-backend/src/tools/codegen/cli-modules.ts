// The pinned Convex CLI's own codegen code, loaded offline. The `convex` package ships the CLI's
// sources as ES modules (dist/esm/cli) next to its bundled binary; we bundle the codegen entry
// points with esbuild, stubbing only the terminal-UI and network packages the CLI does not
// ship to library users (spinners, prompts, Sentry …), which codegen never calls for output.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Esbuild from "esbuild";

const require = createRequire(import.meta.url);
const convexRoot = path.dirname(require.resolve("convex/package.json"));
const convexVersion = (JSON.parse(fs.readFileSync(path.join(convexRoot, "package.json"), "utf8")) as { version: string }).version;
const esbuild = createRequire(path.join(convexRoot, "package.json"))("esbuild") as typeof Esbuild;

/** What the CLI's functions take as `ctx`: its file system and its way to fail. */
export interface CliContext {
  fs: CliFs;
  crash(args: { printedMessage?: string | null; errorType?: string }): Promise<never>;
  registerCleanup(fn: () => unknown): void;
}

export interface CliFs {
  listDir(dir: string): fs.Dirent[];
  exists(p: string): boolean;
  stat(p: string): fs.Stats;
  readUtf8File(p: string): string;
  access(p: string): void;
  writeUtf8File(p: string, contents: string, mode?: number): void;
  mkdir(dir: string, options?: { allowExisting?: boolean; recursive?: boolean }): void;
  rmdir(p: string): void;
  unlink(p: string): void;
  swapTmpFile(from: string, to: string): void;
  registerPath(p: string, st: unknown): void;
  invalidate(): void;
}

/** A component folder as the CLI describes it. */
export interface ComponentDirectory {
  isRoot: boolean;
  path: string;
  definitionPath: string;
  isRootWithoutConfig: boolean;
  importSpecifier?: string;
}

export interface CliModules {
  nodeFs: CliFs;
  withTmpDir<T>(callback: (tmpDir: unknown) => Promise<T>): Promise<T>;
  isComponentDirectory(
    ctx: CliContext,
    dir: string,
    isRoot: boolean,
  ): { kind: "ok"; component: ComponentDirectory } | { kind: "err"; why: string };
  componentGraph(
    ctx: CliContext,
    absWorkingDir: string,
    root: ComponentDirectory,
    liveComponentSources: boolean,
    verbose: boolean,
  ): Promise<{ components: Map<string, ComponentDirectory>; dependencyGraph: Array<[ComponentDirectory, ComponentDirectory]> }>;
  doInitialComponentCodegen(ctx: CliContext, tmpDir: unknown, directory: ComponentDirectory, opts: object): Promise<void>;
  doFinalComponentCodegen(
    ctx: CliContext,
    tmpDir: unknown,
    root: ComponentDirectory,
    directory: ComponentDirectory,
    startPushResponse: { analysis: Record<string, unknown> },
    componentsMap: Map<string, ComponentDirectory>,
    opts: object,
  ): Promise<void>;
  isPublishedPackage(directory: ComponentDirectory): boolean;
  readProjectConfig(ctx: CliContext): Promise<{ projectConfig: { codegen: { staticApi?: boolean; legacyComponentApi?: boolean } } }>;
}

/** The CLI modules codegen needs, and the names they must export (checked after loading). */
const ENTRY = `
export { doInitialComponentCodegen, doFinalComponentCodegen, isPublishedPackage } from "./lib/codegen.js";
export { componentGraph } from "./lib/components/definition/bundle.js";
export { isComponentDirectory } from "./lib/components/definition/directoryStructure.js";
export { readProjectConfig } from "./lib/config.js";
export { nodeFs, withTmpDir } from "../bundler/fs.js";
`;
const EXPORTS = [
  "doInitialComponentCodegen",
  "doFinalComponentCodegen",
  "isPublishedPackage",
  "componentGraph",
  "isComponentDirectory",
  "readProjectConfig",
  "nodeFs",
  "withTmpDir",
] as const;

// Any property of the stub is the stub again; calling it returns its first string argument
// (chalk colouring a message), so log lines still format. Nothing codegen writes goes through it.
const STUB_SOURCE = `
const handler = {
  get: (_t, key) => (key === Symbol.toPrimitive ? () => "" : key === "then" ? undefined : stub),
  apply: (_t, _self, args) => (typeof args[0] === "string" ? args[0] : stub),
  construct: () => stub,
  getPrototypeOf: () => stub,
};
const stub = new Proxy(function () {}, handler);
module.exports = stub;
`;

function cliSourcesDir(): string {
  const dir = path.join(convexRoot, "dist/esm/cli");
  if (!fs.existsSync(path.join(dir, "lib/codegen.js"))) {
    throw new Error(`codegen: convex ${convexVersion} does not ship dist/esm/cli/lib/codegen.js; update local-backend/src/tools/codegen.`);
  }
  return dir;
}

async function bundleCli(outFile: string): Promise<void> {
  const stubbed = new Set<string>();
  await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: cliSourcesDir(), loader: "js" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile: outFile,
    logLevel: "silent",
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    // Codegen formats with the very prettier and esbuild the CLI depends on.
    external: ["esbuild", "prettier"],
    plugins: [
      {
        name: "stub-cli-ui",
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData === "inner" || args.path.startsWith("node:")) return undefined;
            // chalk 5 is what the CLI imports; another major version may be installed at the top.
            if (args.path !== "chalk") {
              const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "inner" });
              if (resolved.errors.length === 0) return resolved;
            }
            stubbed.add(args.path);
            return { path: args.path, namespace: "cli-stub" };
          });
          build.onLoad({ filter: /.*/, namespace: "cli-stub" }, () => ({ contents: STUB_SOURCE, loader: "js" }));
        },
      },
    ],
  });
}

let loading: Promise<CliModules> | null = null;

/** Load (and on first use, bundle into node_modules/.cache) the pinned CLI's codegen modules. */
export function loadCliModules(): Promise<CliModules> {
  loading ??= (async () => {
    const key = createHash("sha256").update(ENTRY).update(STUB_SOURCE).digest("hex").slice(0, 12);
    const cacheDir = path.join(convexRoot, "..", ".cache", "local-backend");
    const outFile = path.join(cacheDir, `convex-cli-codegen-${convexVersion}-${key}.mjs`);
    if (!fs.existsSync(outFile)) {
      fs.mkdirSync(cacheDir, { recursive: true });
      const tmp = `${outFile}.${process.pid}.tmp.mjs`;
      await bundleCli(tmp);
      fs.renameSync(tmp, outFile);
    }
    const mod = (await import(pathToFileURL(outFile).href)) as Record<string, unknown>;
    const missing = EXPORTS.filter((name) => mod[name] === undefined);
    if (missing.length > 0) {
      throw new Error(
        `codegen: convex ${convexVersion}'s CLI no longer exports ${missing.join(", ")}; update local-backend/src/tools/codegen.`,
      );
    }
    return mod as unknown as CliModules;
  })();
  return loading;
}
