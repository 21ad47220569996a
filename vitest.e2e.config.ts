import { defineConfig } from "vitest/config";

// End-to-end tests: a real browser (Debian's Chromium via playwright-core) against the whole
// offline stack, started once on free ports with a fresh data folder by tests/e2e/global-setup.ts.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.spec.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One browser-heavy file at a time: CI machines have two cores.
    fileParallelism: false,
    // Ceilings, not budgets: a journey of a dozen page loads can take minutes on a loaded 2-core
    // machine, and a test that passes returns as soon as it is done.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
