// `npm run codegen` writes byte for byte what `npx convex dev` of the pinned CLI writes.
//
// How the expected files are made: `npx convex dev` runs the CLI's component-aware codegen
// (doInitialComponentCodegen, then doFinalComponentCodegen with the deployment's answer to the
// push, `startPushResponse.analysis`). Below, that same CLI code (loaded from the pinned
// `convex` package) runs on each fixture app with an analysis written by hand here, from what
// the fixture's sources declare, through a file system that only records writes: the committed
// `_generated` folders must be exactly what it would write. Our codegen computes the analysis
// itself (evaluating convex.config.ts, loading the functions); it must agree too, and write the
// same files into an empty folder.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { loadCliModules } from "../src/tools/codegen/cli-modules.js";
import { runCliCodegen, runCodegen } from "../src/tools/codegen/index.js";
import { OverlayFs } from "../src/tools/codegen/overlay-fs.js";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const REPO = here("../..");
const SLOW = 120_000;

// ----------------------------------------------------------------- the analyses, by hand

type Json = Record<string, unknown>;
const str = { type: "string" };
const num = { type: "number" };
const nul = { type: "null" };
const orNull = (v: Json) => ({ type: "union", value: [v, nul] });
const obj = (fields: Record<string, Json>) => ({
  type: "object",
  value: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { fieldType: v, optional: false }])),
});
const fn = (name: string, udfType: string, visibility: "public" | "internal" | null, args: Json | null, returns: Json | null) => ({
  name,
  udfType,
  visibility: visibility ? { kind: visibility } : null,
  args: JSON.stringify(args ?? { type: "any" }),
  returns: returns ? JSON.stringify(returns) : "null",
});
const leaf = (reference: string) => ({ type: "leaf", leaf: `_reference/function/${reference}` });
const branch = (entries: Record<string, Json>) => ({ type: "branch", branch: Object.entries(entries) });
const app = (childComponents: Json[], extra: Json = {}) => ({
  definition: { definitionType: { type: "app" }, childComponents, httpMounts: {}, exports: branch({}), ...extra },
  functions: {},
});
const child = (name: string, path: string, env: Array<[string, Json]> | null = []) => ({ name, path, args: [], env });

const componentsAnalysis = {
  "": app([
    child("rateLimiter", "../../../../../node_modules/@convex-dev/rate-limiter/dist/component"),
    child("aggregate", "../../../../../node_modules/@convex-dev/aggregate/dist/component"),
    child("scoresByPlayer", "../../../../../node_modules/@convex-dev/aggregate/dist/component"),
    child("shardedCounter", "../../../../../node_modules/@convex-dev/sharded-counter/dist/component"),
    child("actionRetrier", "../../../../../node_modules/@convex-dev/action-retrier/dist/component"),
  ]),
};

const notesFunctions = {
  "notes.js": {
    functions: [
      fn("add", "Mutation", "public", obj({ text: str }), str),
      fn("list", "Query", "public", obj({}), obj({ texts: { type: "array", value: str }, tally: num })),
      fn(
        "environment",
        "Query",
        "public",
        obj({}),
        obj({ greeting: orNull(str), siteUrl: orNull(str), cloudUrl: orNull(str), appOnly: orNull(str) }),
      ),
      fn("addLater", "Mutation", "public", obj({ text: str }), null),
      fn("addScheduled", "Mutation", "internal", obj({ text: str }), null),
      fn("storeText", "Action", "public", obj({ text: str }), obj({ storageId: str, url: orNull(str), text: orNull(str) })),
      fn("whoami", "Query", "public", obj({}), orNull(str)),
    ],
  },
  "http.js": { functions: [fn("default", "HttpAction", null, null, null)] },
};
const tallyFunctions = {
  "tally.js": {
    functions: [fn("increment", "Mutation", "public", obj({ name: str }), nul), fn("get", "Query", "public", obj({ name: str }), num)],
  },
};
const localComponentsAnalysis = {
  "": app(
    [
      child("notes", "notes", [["GREETING", { type: "value", value: "こんにちは" }]]),
      child("otherNotes", "notes", [["GREETING", { type: "envVar", name: "OTHER_GREETING" }]]),
    ],
    {
      httpMounts: { "/notes/": "_reference/childComponent/notes" },
      envVars: [["OTHER_GREETING", { type: "value", value: JSON.stringify(str) }]],
    },
  ),
  notes: {
    definition: {
      name: "notes",
      definitionType: { type: "childComponent", name: "notes", args: [] },
      childComponents: [child("tally", "notes/tally")],
      httpMounts: {},
      exports: branch({
        notes: branch(
          Object.fromEntries(
            ["add", "addLater", "environment", "list", "storeText", "whoami"].map((name) => [name, leaf(`notes.js:${name}`)]),
          ),
        ),
      }),
      envVars: [["GREETING", { type: "value", value: JSON.stringify(str) }]],
    },
    functions: notesFunctions,
  },
  "notes/tally": {
    definition: {
      name: "tally",
      definitionType: { type: "childComponent", name: "tally", args: [] },
      childComponents: [],
      httpMounts: {},
      exports: branch({ tally: branch({ get: leaf("tally.js:get"), increment: leaf("tally.js:increment") }) }),
    },
    functions: tallyFunctions,
  },
};

/** Fixture apps, with or without components, and the analysis a deployment would answer. */
const FIXTURES: Array<{ name: string; dir: string; analysis: Record<string, unknown> }> = [
  { name: "no convex.config (contract fixture)", dir: here("./fixture/convex"), analysis: { "": app([]) } },
  { name: "no convex.config (search fixture)", dir: here("./apps/search/convex"), analysis: { "": app([]) } },
  { name: "published components, one mounted twice", dir: here("./apps/components/convex"), analysis: componentsAnalysis },
  { name: "local components, nested, with env vars", dir: here("./apps/local-components/convex"), analysis: localComponentsAnalysis },
  {
    name: "this app",
    dir: path.join(REPO, "convex"),
    analysis: {
      "": app([
        child("actionRetrier", "../node_modules/@convex-dev/action-retrier/dist/component"),
        child("rateLimiter", "../node_modules/@convex-dev/rate-limiter/dist/component"),
        child("siteCounters", "../node_modules/@convex-dev/sharded-counter/dist/component"),
        child("migrations", "../node_modules/@convex-dev/migrations/dist/component"),
      ]),
    },
  },
];

// ----------------------------------------------------------------- helpers

let scratch: string | null = null;
afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

/** A copy of a fixture app inside the repo (so its packages resolve), `_generated` removed. */
function freshCopy(dir: string): string {
  scratch = fs.mkdtempSync(path.join(here("./apps"), ".tmp-codegen-"));
  const appRoot = path.dirname(dir);
  fs.cpSync(appRoot, scratch, {
    recursive: true,
    filter: (src) => path.basename(src) !== "_generated" && path.basename(src) !== "node_modules",
  });
  if (!fs.existsSync(path.join(scratch, "package.json"))) fs.writeFileSync(path.join(scratch, "package.json"), "{}\n");
  return path.join(scratch, path.basename(dir));
}

function generatedFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "_generated") {
          for (const file of fs.readdirSync(full))
            files.set(path.relative(dir, path.join(full, file)), fs.readFileSync(path.join(full, file), "utf8"));
        } else if (entry.name !== "node_modules") walk(full);
      }
    }
  };
  walk(dir);
  return files;
}

// ----------------------------------------------------------------- tests

describe("codegen is the Convex CLI's, byte for byte", () => {
  for (const fixture of FIXTURES) {
    it(
      `committed _generated = the CLI's output: ${fixture.name}`,
      async () => {
        const overlay = new OverlayFs((await loadCliModules()).nodeFs);
        await runCliCodegen(fixture.dir, overlay, () => Promise.resolve(fixture.analysis));
        expect(overlay.staleFiles().map((f) => path.relative(REPO, f))).toEqual([]);
      },
      SLOW,
    );

    it(
      `npm run codegen agrees: ${fixture.name}`,
      async () => {
        expect((await runCodegen({ convexDir: fixture.dir, check: true })).changed).toEqual([]);
      },
      SLOW,
    );
  }

  it(
    "writes the same files into a fresh copy with no _generated at all",
    async () => {
      for (const fixture of FIXTURES.slice(2, 4)) {
        const copy = freshCopy(fixture.dir);
        await runCodegen({ convexDir: copy });
        expect(generatedFiles(copy)).toEqual(generatedFiles(fixture.dir));
        fs.rmSync(scratch!, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it("the app's api exports the component API types and server.d.ts the typed env", () => {
    const api = fs.readFileSync(here("./apps/components/convex/_generated/api.d.ts"), "utf8");
    expect(api).toContain('scoresByPlayer: import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"scoresByPlayer">;');
    expect(fs.readFileSync(here("./apps/components/convex/_generated/api.js"), "utf8")).toContain(
      "export const components = componentsGeneric();",
    );
    const server = fs.readFileSync(here("./apps/local-components/convex/_generated/server.d.ts"), "utf8");
    expect(server).toMatch(
      /type Env = \{\s+readonly CONVEX_CLOUD_URL: string;\s+readonly CONVEX_SITE_URL: string;\s+readonly OTHER_GREETING: string;/,
    );
  });
});

describe("npm run codegen -- --dir <path>", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", path.join(REPO, "local-backend/src/tools/codegen/main.ts"), ...args], {
      cwd: REPO,
      encoding: "utf8",
    });

  it(
    "checks, then reports a new module as stale until it writes it",
    () => {
      const copy = freshCopy(here("./fixture/convex"));
      expect(run("--dir", copy).status).toBe(0);
      expect(run("--check", "--dir", copy).status).toBe(0);
      fs.writeFileSync(path.join(copy, "greetings.ts"), 'export const hello = "こんにちは";\n');
      const stale = run("--check", "--dir", copy);
      expect(stale.status).toBe(1);
      expect(stale.stderr).toMatch(/out of date.*api\.d\.ts[\s\S]*npm run codegen/);
      expect(run("--dir", copy).stdout).toContain("api.d.ts");
      expect(fs.readFileSync(path.join(copy, "_generated/api.d.ts"), "utf8")).toContain(
        'import type * as greetings from "../greetings.js";',
      );
      expect(run("--check", "--dir", copy).status).toBe(0);
    },
    SLOW,
  );

  it(
    "removes a stray file from _generated, as the CLI does",
    () => {
      const copy = freshCopy(here("./fixture/convex"));
      expect(run("--dir", copy).status).toBe(0);
      fs.writeFileSync(path.join(copy, "_generated/old.js"), "");
      expect(run("--check", "--dir", copy).stderr).toContain("old.js");
      expect(run("--dir", copy).status).toBe(0);
      expect(fs.existsSync(path.join(copy, "_generated/old.js"))).toBe(false);
    },
    SLOW,
  );
});

// The CLI writes the CommonJS API (`api_cjs.cjs`, `api_cjs.d.cts`) only when asked: convex.json's
// `generateCommonJSApi: true` (for `npx convex dev` and `npx convex codegen`), or the hidden
// `npx convex codegen --commonjs`. Without either, as in this repo, it writes none.
describe("the CommonJS API files", () => {
  const cjsFiles = (dir: string) =>
    fs
      .readdirSync(path.join(dir, "_generated"))
      .filter((f) => f.startsWith("api_cjs"))
      .sort();

  it(
    "are written, as the CLI writes them, when convex.json sets generateCommonJSApi",
    async () => {
      const copy = freshCopy(here("./fixture/convex"));
      fs.writeFileSync(path.join(path.dirname(copy), "convex.json"), JSON.stringify({ functions: "convex/", generateCommonJSApi: true }));
      await runCodegen({ convexDir: copy });
      expect(cjsFiles(copy)).toEqual(["api_cjs.cjs", "api_cjs.d.cts"]);
      const generated = (file: string) => fs.readFileSync(path.join(copy, "_generated", file), "utf8");
      expect(generated("api_cjs.cjs")).toMatch(
        /const \{ anyApi \} = require\("convex\/server"\);\s+module\.exports = \{\s+api: anyApi,\s+internal: anyApi,\s+\};/,
      );
      expect(generated("api_cjs.d.cts")).toBe(generated("api.d.ts"));
      expect((await runCodegen({ convexDir: copy, check: true })).changed).toEqual([]);
    },
    SLOW,
  );

  it(
    "are written with the commonjs option (`npx convex codegen --commonjs`), and removed without it",
    async () => {
      const copy = freshCopy(here("./fixture/convex"));
      await runCodegen({ convexDir: copy, commonjs: true });
      expect(cjsFiles(copy)).toEqual(["api_cjs.cjs", "api_cjs.d.cts"]);
      expect((await runCodegen({ convexDir: copy, commonjs: true, check: true })).changed).toEqual([]);
      await runCodegen({ convexDir: copy });
      expect(cjsFiles(copy)).toEqual([]);
    },
    SLOW,
  );

  it("are not part of this app's _generated (no convex.json asks for them)", () => {
    expect(fs.existsSync(path.join(REPO, "convex.json"))).toBe(false);
    expect(cjsFiles(path.join(REPO, "convex"))).toEqual([]);
  });
});
