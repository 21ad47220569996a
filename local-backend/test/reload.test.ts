import fs from "node:fs";
import path from "node:path";
import { anyApi } from "convex/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { eventually, FIXTURE_DIR, type Harness, startHarness, tempDir, waitForValue } from "./helpers";

let h: Harness;
let convexDir: string;
beforeEach(async () => {
  // Edit a copy of the fixture (with the library it imports), never the fixture itself.
  const root = tempDir("lb-reload-");
  fs.cpSync(path.dirname(FIXTURE_DIR), root, { recursive: true });
  fs.writeFileSync(path.join(root, "package.json"), "{}\n");
  convexDir = path.join(root, "convex");
  h = await startHarness({ convexDir, watch: true, codegen: true });
});
afterEach(async () => {
  await h.stop();
  fs.rmSync(path.dirname(convexDir), { recursive: true, force: true });
});

const versionModule = (body: string) =>
  `import { query } from "./_generated/server";\n\nexport const current = query({\n  args: {},\n  handler: async () => ${body},\n});\n`;

describe("hot reload", () => {
  it("picks up a changed module, keeps the data and re-runs subscriptions", async () => {
    const client = h.ws();
    await client.mutation(api.counter.increment, { name: "kept" });
    expect(await waitForValue(client, api.version.current, {}, (v) => v === "v1")).toBe("v1");

    fs.writeFileSync(path.join(convexDir, "version.ts"), versionModule('"v2"'));
    expect(await waitForValue(client, api.version.current, {}, (v) => v === "v2")).toBe("v2");
    expect(await client.query(api.counter.get, { name: "kept" })).toBe(1);

    // A new module is callable right away (the generated api is untyped at runtime).
    fs.writeFileSync(path.join(convexDir, "extra.ts"), versionModule('"extra"').replace("current", "hello"));
    await eventually(async () => {
      const response = await fetch(`${h.backend.url}/api/query`, {
        method: "POST",
        body: JSON.stringify({ path: "extra:hello", args: [{}] }),
      });
      expect(await response.json()).toMatchObject({ status: "success", value: "extra" });
    });
  });

  it("keeps _generated in step with the code, as npx convex dev does", async () => {
    fs.writeFileSync(path.join(convexDir, "greetings.ts"), versionModule('"やあ"').replace("current", "hello"));
    await eventually(() =>
      expect(fs.readFileSync(path.join(convexDir, "_generated/api.d.ts"), "utf8")).toContain(
        'import type * as greetings from "../greetings.js";',
      ),
    );
    await eventually(async () => expect(await h.http().query(anyApi.greetings.hello, {})).toBe("やあ"));
  });

  it("keeps serving the last good code when a change does not build", async () => {
    const client = h.ws();
    fs.writeFileSync(path.join(convexDir, "version.ts"), versionModule('"v2"'));
    await waitForValue(client, api.version.current, {}, (v) => v === "v2");

    fs.writeFileSync(path.join(convexDir, "version.ts"), versionModule('"v3" +* oops'));
    await eventually(() => expect(h.logs.join("\n")).toMatch(/build failed; the last good code keeps serving/));
    expect(h.logs.join("\n")).toMatch(/version\.ts/);
    expect(await h.http().query(api.version.current, {})).toBe("v2");

    // A module that throws while loading is refused the same way.
    fs.writeFileSync(path.join(convexDir, "version.ts"), `throw new Error("boom at load");\n${versionModule('"v4"')}`);
    await eventually(() => expect(h.logs.join("\n")).toMatch(/boom at load/));
    expect(await h.http().query(api.version.current, {})).toBe("v2");

    fs.writeFileSync(path.join(convexDir, "version.ts"), versionModule('"v5"'));
    expect(await waitForValue(client, api.version.current, {}, (v) => v === "v5")).toBe("v5");
  });

  it("loads again only the modules that changed (Node never frees a loaded module)", async () => {
    // Counts evaluations of its own top-level code.
    const counting = (tag: string) =>
      `import { query } from "./_generated/server";\n\n` +
      `const g = globalThis as unknown as { __lbLoads?: Record<string, number> };\n` +
      `g.__lbLoads ??= {};\ng.__lbLoads["${tag}"] = (g.__lbLoads["${tag}"] ?? 0) + 1;\n\n` +
      `export const loads = query({ args: {}, handler: async () => g.__lbLoads?.["${tag}"] ?? 0 });\n`;
    const tag = `t${Date.now()}`;
    fs.writeFileSync(path.join(convexDir, "loadCount.ts"), counting(tag));
    expect(await h.backend.reload()).toBe(true);
    const loads = () => h.http().query(anyApi.loadCount.loads, {}) as Promise<number>;
    expect(await loads()).toBe(1);
    for (let i = 0; i < 5; i++) {
      fs.writeFileSync(path.join(convexDir, "version.ts"), versionModule(`"edit ${i}"`));
      expect(await h.backend.reload()).toBe(true);
    }
    expect(await h.http().query(api.version.current, {})).toBe("edit 4");
    expect(await loads()).toBe(1);
    // Its own change loads it again; so does a changed environment variable.
    fs.writeFileSync(path.join(convexDir, "loadCount.ts"), `${counting(tag)}// changed\nexport const changed = 1;\n`);
    expect(await h.backend.reload()).toBe(true);
    expect(await loads()).toBe(2);
    h.backend.setEnv("LB_RELOAD_TEST", "1");
    expect(await h.backend.reload()).toBe(true);
    expect(await loads()).toBe(3);
  });

  it("refuses a schema the stored documents break, as a push is refused, and keeps the last good code", async () => {
    const client = h.ws();
    await client.mutation(api.counter.increment, { name: "typed" });
    const schemaFile = path.join(convexDir, "schema.ts");
    const schema = fs.readFileSync(schemaFile, "utf8");
    // `value` becomes a string: the stored counter (a number) breaks it.
    fs.writeFileSync(schemaFile, schema.replace("name: v.string(), value: v.number()", "name: v.string(), value: v.string()"));
    expect(await h.backend.reload()).toBe(false);
    expect(h.logs.join("\n")).toMatch(/1 stored document does not match the schema[\s\S]*table "counters", document \w+/);
    // The old code and schema still serve: a number is still accepted.
    expect(await client.mutation(api.counter.increment, { name: "typed" })).toBe(2);
    // A change that leaves the stored documents valid goes through.
    fs.writeFileSync(
      schemaFile,
      schema.replace("name: v.string(), value: v.number()", "name: v.string(), value: v.union(v.number(), v.string())"),
    );
    expect(await h.backend.reload()).toBe(true);
  });

  it("reload() reports whether the build succeeded", async () => {
    expect(await h.backend.reload()).toBe(true);
    fs.writeFileSync(path.join(convexDir, "schema.ts"), "export default {{{");
    expect(await h.backend.reload()).toBe(false);
  });
});
