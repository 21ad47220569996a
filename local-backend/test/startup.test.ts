import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startLocalBackend } from "../src/index.js";
import { FIXTURE_DIR, tempDir } from "./helpers";

describe("startup", () => {
  it("fails clearly when the convex folder does not build, and releases everything", async () => {
    const convexDir = path.join(tempDir("lb-broken-"), "convex");
    fs.cpSync(path.dirname(FIXTURE_DIR), path.dirname(convexDir), { recursive: true });
    fs.writeFileSync(path.join(convexDir, "version.ts"), "export const = ;");
    const dataDir = tempDir("lb-broken-data-");
    await expect(startLocalBackend({ convexDir, dataDir, port: 0, sitePort: 0, log: false })).rejects.toThrow(/version\.ts/);
    expect(fs.existsSync(path.join(dataDir, "backend.lock"))).toBe(false);

    fs.rmSync(path.join(convexDir, "_generated"), { recursive: true });
    await expect(startLocalBackend({ convexDir, dataDir, port: 0, sitePort: 0, log: false })).rejects.toThrow(
      /_generated is missing: run codegen/,
    );
    fs.rmSync(path.dirname(convexDir), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a data folder another live backend uses", async () => {
    const dataDir = tempDir("lb-locked-");
    const first = await startLocalBackend({ convexDir: FIXTURE_DIR, dataDir, port: 0, sitePort: 0, watch: false, log: false });
    try {
      fs.writeFileSync(path.join(dataDir, "backend.lock"), "1"); // pid 1 is always alive
      await expect(startLocalBackend({ convexDir: FIXTURE_DIR, dataDir, port: 0, sitePort: 0, watch: false, log: false })).rejects.toThrow(
        /in use by another backend \(pid 1\)/,
      );
    } finally {
      fs.writeFileSync(path.join(dataDir, "backend.lock"), String(process.pid));
      await first.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("reports a taken port", async () => {
    const first = await startLocalBackend({ convexDir: FIXTURE_DIR, port: 0, sitePort: 0, watch: false, log: false });
    try {
      const port = Number(new URL(first.url).port);
      await expect(startLocalBackend({ convexDir: FIXTURE_DIR, port, sitePort: 0, watch: false, log: false })).rejects.toThrow(
        new RegExp(`port ${port} on 127.0.0.1 is in use`),
      );
    } finally {
      await first.stop();
    }
  });

  it('names what it cannot run before serving anything: a component with "use node", an app httpPrefix', async () => {
    const root = tempDir("lb-unsupported-");
    fs.cpSync(path.join(import.meta.dirname, "apps/local-components"), root, { recursive: true });
    const convexDir = path.join(root, "convex");
    const start = () => startLocalBackend({ convexDir, port: 0, sitePort: 0, watch: false, log: false, env: { OTHER_GREETING: "x" } });
    const notes = path.join(convexDir, "notes/notes.ts");
    const original = fs.readFileSync(notes, "utf8");
    fs.writeFileSync(notes, `"use node";\n${original}`);
    await expect(start()).rejects.toThrow(/component "notes".*"use node" directive is not supported in components/s);

    fs.writeFileSync(notes, original);
    const config = path.join(convexDir, "convex.config.ts");
    fs.writeFileSync(config, fs.readFileSync(config, "utf8").replace("defineApp({", 'defineApp({ httpPrefix: "/app/",'));
    await expect(start()).rejects.toThrow("defineApp({ httpPrefix }) is not supported by local-backend yet");
    fs.rmSync(root, { recursive: true, force: true });
  });
});
