import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { serveStatic } from "../../scripts/production-build";
import { startStack, type Stack } from "../../scripts/stack";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    convexUrl: string;
    /** Where the backend serves HTTP actions (share links). */
    siteUrl: string;
    adminKey: string;
    /** A static host serving productionDir, which prerender.spec.ts fills with a production build. */
    productionUrl: string;
    productionDir: string;
  }
}

let stack: Stack | undefined;
let dataDir: string | undefined;
let productionDir: string | undefined;
let production: Awaited<ReturnType<typeof serveStatic>> | undefined;

/** Starts the stack on free ports with a fresh data folder (seeded with the demo data). */
export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-e2e-"));
  // Started first, empty: the backend must know its origin, and the build needs the backend's URL.
  productionDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-e2e-dist-"));
  production = await serveStatic(productionDir);
  stack = await startStack({
    dataDir,
    backendPort: 0,
    sitePort: 0,
    appPort: 0,
    googlePort: 0,
    watch: false,
    quiet: true,
    allowedOrigins: [production.url],
  });
  project.provide("productionUrl", production.url);
  project.provide("productionDir", productionDir);
  project.provide("appUrl", stack.appUrl);
  project.provide("convexUrl", stack.backend.url);
  project.provide("siteUrl", stack.backend.siteUrl);
  project.provide("adminKey", stack.backend.adminKey);
  console.log(`[e2e] app ${stack.appUrl}, convex ${stack.backend.url}`);
}

export async function teardown() {
  await stack?.stop();
  await production?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (productionDir) fs.rmSync(productionDir, { recursive: true, force: true });
}
