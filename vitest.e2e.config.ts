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
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
