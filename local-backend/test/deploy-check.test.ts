// Deploy readiness: the pinned Convex CLI's own `deploy` builds what it would push (offline), and
// the check refuses what the CLI or the deployment would refuse. Fixture projects are written to
// a temp folder and share this repo's node_modules, so `convex` is the pinned one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkDeployReadiness, DeployCheckError } from "../src/tools/deploy-check/index.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
// A ceiling, not a budget: each check runs the CLI, which bundles for seconds on a busy machine.
const SLOW = 300_000;

const projects: string[] = [];
afterEach(() => {
  for (const dir of projects.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A project with the given files under convex/; returns the convex/ path. */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-check-fixture-"));
  projects.push(dir);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "fixture", private: true, dependencies: { convex: "1.48.0" } }));
  fs.symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "convex", name)), { recursive: true });
    fs.writeFileSync(path.join(dir, "convex", name), text);
  }
  return path.join(dir, "convex");
}

const hello = `import { queryGeneric as query } from "convex/server";
export const hello = query({ args: {}, handler: async () => "hello" });
`;
const readsFile = (directive: string, specifier: string) => `${directive}
import { readFileSync } from "${specifier}";
import { actionGeneric as action } from "convex/server";
export const read = action({ args: {}, handler: async () => readFileSync("/etc/hostname", "utf8") });
`;

async function refusal(convexDir: string, limits = {}): Promise<string> {
  const error: unknown = await checkDeployReadiness(convexDir, { limits }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeployCheckError);
  return (error as Error).message;
}

describe("checkDeployReadiness", () => {
  it(
    "accepts this repo's convex/ with its components, and reports what would be pushed",
    async () => {
      const facts = await checkDeployReadiness(path.join(REPO, "convex"));
      const [app, ...components] = facts.packages;
      expect(app.definitionPath).toBe("");
      expect(app.modules.map((m) => m.path)).toContain("schema.js");
      expect(app.modules.map((m) => m.path)).toContain("http.js");
      expect(components.map((c) => c.definitionPath).join("\n")).toContain("@convex-dev/rate-limiter");
      expect(facts.totals.modules).toBe(facts.totals.isolateModules + facts.totals.nodeModules);
      expect(facts.totals.unzippedBytes).toBeGreaterThan(0);
      expect(facts.totals.unzippedBytes).toBeLessThan(facts.limits.maxUnzippedBytes);
    },
    SLOW,
  );

  it(
    'splits modules by "use node": Node built-ins are fine there',
    async () => {
      const facts = await checkDeployReadiness(fixture({ "hello.ts": hello, "files.ts": readsFile('"use node";', "node:fs") }));
      const byPath = Object.fromEntries(facts.packages[0].modules.map((m) => [m.path, m.environment]));
      expect(byPath["hello.js"]).toBe("isolate");
      expect(byPath["files.js"]).toBe("node");
      expect(facts.totals.nodeModules).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'refuses node:fs in a module without "use node", with the CLI\'s own message',
    async () => {
      const message = await refusal(fixture({ "hello.ts": hello, "files.ts": readsFile("", "node:fs") }));
      expect(message).toContain('Could not resolve "node:fs"');
      expect(message).toContain('without the "use node" directive');
    },
    SLOW,
  );

  it(
    'refuses a bare "fs" import without "use node"',
    async () => {
      const message = await refusal(fixture({ "files.ts": readsFile("", "fs") }));
      expect(message).toContain('Could not resolve "fs"');
    },
    SLOW,
  );

  it(
    "refuses a module that cannot be bundled (a package that is not installed)",
    async () => {
      const message = await refusal(
        fixture({
          "hello.ts": hello,
          "broken.ts": `import { thing } from "no-such-package-for-deploy-check";\nexport const x = thing;\n`,
        }),
      );
      expect(message).toContain('Could not resolve "no-such-package-for-deploy-check"');
    },
    SLOW,
  );

  it(
    "refuses a module with a syntax error",
    async () => {
      const message = await refusal(fixture({ "broken.ts": `export const x = ;\n` }));
      expect(message).toContain("broken.ts");
      expect(message).toMatch(/Unexpected/);
    },
    SLOW,
  );

  it(
    'refuses "use node" where the CLI forbids it (http.ts runs in the Convex runtime)',
    async () => {
      const message = await refusal(
        fixture({ "http.ts": `"use node";\nimport { httpRouter } from "convex/server";\nexport default httpRouter();\n` }),
      );
      expect(message).toContain('"use node" directive is not allowed for http.ts');
    },
    SLOW,
  );

  it(
    "refuses a push over the deployment's size limits (checked against small limits)",
    async () => {
      const convexDir = fixture({ "hello.ts": hello, "other.ts": hello });
      const facts = await checkDeployReadiness(convexDir);
      const { unzippedBytes, zippedBytes } = facts.totals;
      // At the limit is already too much, as on the deployment.
      expect(await refusal(convexDir, { maxUnzippedBytes: unzippedBytes })).toContain("Total module size exceeded the unzipped maximum");
      expect(await refusal(convexDir, { maxZippedBytes: zippedBytes })).toContain("Total module size exceeded the zipped maximum");
      expect(await refusal(convexDir, { maxUserModules: 1 })).toContain("Too many function files (2 > maximum 1)");
      await expect(checkDeployReadiness(convexDir, { limits: { maxUnzippedBytes: unzippedBytes + 1 } })).resolves.toBeTruthy();
    },
    SLOW,
  );

  it(
    "refuses a folder that is not the one `npx convex deploy` would push",
    async () => {
      const convexDir = fixture({ "hello.ts": hello });
      const other = path.join(path.dirname(convexDir), "functions");
      fs.cpSync(convexDir, other, { recursive: true });
      expect(await refusal(other)).toContain("is not the folder `npx convex deploy`");
    },
    SLOW,
  );
});
