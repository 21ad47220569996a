// @vitest-environment node
// Every component convex.config.ts mounts is registered for convex-test by test.setup.ts, under
// the same name, so the functions that call components run in these tests as they do deployed.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { expect, test } from "vitest";
import { loadComponentTree } from "../local-backend/src/build/components/definitions";
import { COMPONENTS, newTest } from "./test.setup";

test("test.setup.ts registers exactly the components convex.config.ts uses", async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "app-components-"));
  try {
    const tree = await loadComponentTree(path.resolve("convex"), scratch);
    const direct = tree.instances.filter((i) => !i.path.includes("/")).map((i) => i.path);
    expect(Object.keys(COMPONENTS).sort()).toEqual(direct.sort());
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  expect(() => newTest()).not.toThrow();
});
