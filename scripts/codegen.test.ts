import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";

const script = path.resolve("scripts/codegen.mjs");
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });

let tmp: string | undefined;
afterEach(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

/** A copy of the project's convex/ folder (with its committed _generated) to change freely. */
function copyOfConvex() {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "codegen-"));
  const dir = path.join(tmp, "convex");
  fs.cpSync(path.resolve("convex"), dir, { recursive: true });
  return dir;
}

describe("offline codegen", () => {
  test("the committed convex/_generated is current", () => {
    const result = run("--check");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  test("writes the five files the Convex CLI writes, listing every module", () => {
    const dir = copyOfConvex();
    fs.rmSync(path.join(dir, "_generated"), { recursive: true });
    execFileSync(process.execPath, [script, dir]);
    expect(fs.readdirSync(path.join(dir, "_generated")).sort()).toEqual([
      "api.d.ts",
      "api.js",
      "dataModel.d.ts",
      "server.d.ts",
      "server.js",
    ]);
    const apiDts = fs.readFileSync(path.join(dir, "_generated/api.d.ts"), "utf8");
    expect(apiDts).toContain('import type * as badges from "../badges.js";');
    expect(apiDts).toContain('import type * as model_badgeDefinitions from "../model/badgeDefinitions.js";');
    // Tests, the schema and the test setup are not function modules.
    expect(apiDts).not.toMatch(/schema\.js|\.test\.js|test\.setup/);
  });

  test("running it on an unchanged tree changes nothing", () => {
    const dir = copyOfConvex();
    const before = fs.readFileSync(path.join(dir, "_generated/api.d.ts"));
    const mtime = fs.statSync(path.join(dir, "_generated/api.d.ts")).mtimeMs;
    execFileSync(process.execPath, [script, dir]);
    expect(fs.readFileSync(path.join(dir, "_generated/api.d.ts"))).toEqual(before);
    expect(fs.statSync(path.join(dir, "_generated/api.d.ts")).mtimeMs).toBe(mtime);
  });

  test("a new module makes --check fail until codegen adds it to api.d.ts", () => {
    const dir = copyOfConvex();
    fs.writeFileSync(path.join(dir, "greetings.ts"), 'export const hello = "こんにちは";\n');
    const stale = run("--check", dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/out of date.*api\.d\.ts[\s\S]*npm run codegen/);

    execFileSync(process.execPath, [script, dir]);
    const apiDts = fs.readFileSync(path.join(dir, "_generated/api.d.ts"), "utf8");
    expect(apiDts).toContain('import type * as greetings from "../greetings.js";');
    expect(apiDts).toContain("greetings: typeof greetings;");
    expect(run("--check", dir).status).toBe(0);
  });

  test("a stray file in _generated is reported and removed", () => {
    const dir = copyOfConvex();
    fs.writeFileSync(path.join(dir, "_generated/old.js"), "");
    expect(run("--check", dir).stderr).toContain("old.js (stale)");
    execFileSync(process.execPath, [script, dir]);
    expect(fs.existsSync(path.join(dir, "_generated/old.js"))).toBe(false);
  });
});
