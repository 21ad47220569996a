// esbuild pieces shared by every bundle the backend makes (function modules, convex.config):
// the copy of esbuild that ships with the pinned `convex`, and `convex` kept external so that
// bundled code shares convex-test's classes and syscall globals.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Esbuild from "esbuild";

const require = createRequire(import.meta.url);
export const esbuild = createRequire(require.resolve("convex/package.json"))("esbuild") as typeof Esbuild;

/** Conditions the Convex CLI bundles with (packages may ship a Convex-specific entry). */
export const CONVEX_CONDITIONS = ["convex", "module"];

export { BuildError } from "../core/app.js";

/**
 * `convex` must be the very copy convex-test imports (shared classes and globals), so it stays
 * external, pinned to the absolute file esbuild resolves from convex-test's own location.
 */
export function externalConvexPlugin(): Esbuild.Plugin {
  const convexTestDir = path.dirname(require.resolve("convex-test"));
  const cache = new Map<string, string>();
  return {
    name: "local-backend-external-convex",
    setup(build) {
      build.onResolve({ filter: /^convex(\/.*)?$/ }, async (args) => {
        if (args.pluginData === "inner") return undefined;
        let resolved = cache.get(args.path);
        if (!resolved) {
          const result = await build.resolve(args.path, {
            kind: "import-statement",
            resolveDir: convexTestDir,
            pluginData: "inner",
          });
          if (result.errors.length > 0) return { errors: result.errors };
          resolved = result.path;
          cache.set(args.path, resolved);
        }
        return { path: pathToFileURL(resolved).href, external: true };
      });
    },
  };
}

export function formatMessages(messages: Esbuild.Message[]): string {
  return messages
    .map((m) => {
      const loc = m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : "";
      const lineText = m.location?.lineText ? `\n    ${m.location.lineText}` : "";
      return `${loc}${m.text}${lineText}`;
    })
    .join("\n");
}

/**
 * The URL a bundled module is imported from: its file, with a hash of its content (and of the
 * build generation). Node keeps every ES module it ever loaded, so a rebuild imports again only
 * the modules whose content changed; bundles are written to the same folders every time, and
 * chunks are named after their content.
 */
export function moduleUrl(file: string, generation: string, query: Record<string, string> = {}): string {
  const version = createHash("sha256").update(fs.readFileSync(file)).update(`\u0000${generation}`).digest("hex").slice(0, 16);
  const params = new URLSearchParams({ v: version, ...query });
  return `${pathToFileURL(file).href}?${params.toString()}`;
}
