#!/usr/bin/env node
// Offline `convex codegen`: writes convex/_generated exactly as the Convex CLI does, without a
// deployment or network. `npx convex codegen` needs a deployment; this uses the CLI's own
// templates (shipped inside the pinned `convex` package) and its rules for finding modules.
//
//   node scripts/codegen.mjs [convexDir]          write convexDir/_generated (default ./convex)
//   node scripts/codegen.mjs --check [convexDir]  exit 1 listing files that are stale
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const convexRoot = path.dirname(require.resolve("convex/package.json"));
const templates = path.join(convexRoot, "dist/esm/cli/codegen_templates");
const convexRequire = createRequire(path.join(convexRoot, "package.json"));

// The templates import one CLI helper that drags in the CLI's terminal UI (not installed for
// library users); bundle each template with esbuild and leave that helper as a stub.
async function load(name) {
  const esbuild = convexRequire("esbuild");
  const stub = "directoryStructure.js";
  const result = await esbuild.build({
    entryPoints: [path.join(templates, name)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    plugins: [
      {
        name: "stub-cli-helpers",
        setup(build) {
          build.onResolve({ filter: new RegExp(stub.replace(".", "\\.") + "$") }, () => ({
            path: stub,
            namespace: "stub",
          }));
          build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
            contents: "export function toComponentDefinitionPath() { throw new Error('components are not supported'); }",
          }));
        },
      },
    ],
  });
  const code = result.outputFiles[0].text;
  return import("data:text/javascript;base64," + Buffer.from(code).toString("base64"));
}

async function loadTemplates() {
  const needed = {
    "api.js": ["apiCodegen"],
    "common.js": ["compareModulePaths"],
    "dataModel.js": ["dynamicDataModelDTS", "noSchemaDataModelDTS"],
    "server.js": ["serverCodegen"],
  };
  const loaded = {};
  for (const [file, names] of Object.entries(needed)) {
    let mod;
    try {
      mod = await load(file);
    } catch (err) {
      throw new Error(
        `codegen: convex's CLI templates moved (${file}: ${err.message}). ` +
          "Pin a convex version whose dist/esm/cli/codegen_templates matches scripts/codegen.mjs.",
      );
    }
    for (const name of names) {
      if (typeof mod[name] !== "function") {
        throw new Error(`codegen: convex's ${file} no longer exports ${name}; update scripts/codegen.mjs.`);
      }
      loaded[name] = mod[name];
    }
  }
  // The CLI formats with the prettier that convex depends on; use that exact copy.
  const prettier = convexRequire("prettier");
  return { ...loaded, prettier };
}

const ENTRY_POINT_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];

// Mirrors entryPoints() in convex/dist/esm/bundler/index.js: which files are function modules.
function entryPoints(dir) {
  const found = [];
  const walk = (current) => {
    const entries = fs
      .readdirSync(current, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (fs.existsSync(path.join(full, "convex.config.ts"))) continue; // nested component
        walk(full);
        continue;
      }
      const rel = path.relative(dir, full);
      const base = entry.name;
      if (!ENTRY_POINT_EXTENSIONS.some((ext) => rel.endsWith(ext))) continue;
      if (rel.startsWith("_generated" + path.sep)) continue;
      if (base.startsWith(".") || base.startsWith("#")) continue;
      if (base === "schema.ts" || base === "schema.js") continue;
      if ((base.match(/\./g) || []).length > 1) continue; // foo.test.ts, test.setup.ts
      if (rel.includes(" ")) continue;
      if (/\.(ts|tsx)$/.test(base)) {
        const source = fs.readFileSync(full, "utf8");
        if (!/^\s{0,100}(import|export)/m.test(source)) continue;
      }
      found.push(rel);
    }
  };
  walk(dir);
  return found;
}

async function generate(convexDir) {
  const t = await loadTemplates();
  const format = (source) => t.prettier.format(source, { parser: "typescript" });
  const hasSchema = ["schema.ts", "schema.js"].some((f) => fs.existsSync(path.join(convexDir, f)));
  const modules = entryPoints(convexDir).sort(t.compareModulePaths);
  const api = t.apiCodegen(modules, { useTypeScript: false });
  const server = t.serverCodegen({ useTypeScript: false, envVars: undefined });
  return {
    "dataModel.d.ts": await format(hasSchema ? t.dynamicDataModelDTS() : t.noSchemaDataModelDTS()),
    "server.js": await format(server.JS),
    "server.d.ts": await format(server.DTS),
    "api.js": await format(api.JS),
    "api.d.ts": await format(api.DTS),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const convexDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "convex");
  if (!fs.existsSync(convexDir)) throw new Error(`codegen: no such folder ${convexDir}`);
  const outDir = path.join(convexDir, "_generated");
  const files = await generate(convexDir);
  const existing = fs.existsSync(outDir) ? fs.readdirSync(outDir) : [];
  const stale = Object.entries(files)
    .filter(([name, text]) => !existing.includes(name) || fs.readFileSync(path.join(outDir, name), "utf8") !== text)
    .map(([name]) => name);
  const extra = existing.filter((name) => !(name in files) && name !== "ai");

  if (check) {
    if (stale.length || extra.length) {
      console.error(
        `convex/_generated is out of date (${[...stale, ...extra.map((e) => e + " (stale)")].join(", ")}).\n` +
          "Run `npm run codegen` and commit the result.",
      );
      process.exit(1);
    }
    console.log("convex/_generated is up to date.");
    return;
  }
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of stale) fs.writeFileSync(path.join(outDir, name), files[name]);
  for (const name of extra) fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  console.log(
    stale.length || extra.length
      ? `Wrote ${path.relative(process.cwd(), outDir)}: ${[...stale, ...extra.map((e) => "-" + e)].join(", ")}`
      : `${path.relative(process.cwd(), outDir)} already up to date.`,
  );
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
