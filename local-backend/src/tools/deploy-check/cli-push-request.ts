// Runs the pinned Convex CLI's own `deploy` up to the point where it would contact the
// deployment. Two hidden flags of the CLI make that possible offline: `--push-all-modules`
// skips asking the deployment which modules it already has, and `--write-push-request` writes
// the exact body of the push request (the bundles, their "use node" split, the component
// definitions, the external packages) to a file and stops before sending it. Everything up to
// there, bundling included, is the CLI's code, unpatched.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The body the CLI sends to the deployment's start_push endpoint (the fields we read). */
export interface PushRequest {
  appDefinition: {
    definition: ModuleBundle | null;
    dependencies: string[];
    schema: ModuleBundle | null;
    changedModules: ModuleBundle[];
  };
  componentDefinitions: Array<{
    definitionPath: string;
    definition: ModuleBundle;
    dependencies: string[];
    schema: ModuleBundle | null;
    functions: ModuleBundle[];
  }>;
  nodeDependencies: Array<{ name: string; version: string }>;
}

export interface ModuleBundle {
  path: string;
  source: string;
  sourceMap?: string;
  environment: "isolate" | "node";
}

/** The CLI refused to build what it would push; `message` is its own output. */
export class DeployCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeployCheckError";
  }
}

function pinnedCliEntry(): string {
  const packageJson = require.resolve("convex/package.json");
  const { bin } = JSON.parse(fs.readFileSync(packageJson, "utf8")) as { bin: { convex: string } };
  return path.join(path.dirname(packageJson), bin.convex);
}

/** No deployment of the caller's (deploy key, CONVEX_DEPLOYMENT, …) may be picked up. */
function isolatedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("CONVEX_")) env[key] = value;
  }
  return { ...env, NO_COLOR: "1", FORCE_COLOR: "0", CI: "1" };
}

function run(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: isolatedEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * `projectDir` is where `npx convex deploy` would run (its package.json, convex.json and
 * `convex/`). Type checking and codegen are left to `tsc -b` and `npm run codegen`; the
 * deployment URL is a closed port that is never contacted.
 */
export async function buildPushRequest(projectDir: string): Promise<PushRequest> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-check-"));
  try {
    const requestFile = path.join(outDir, "push");
    const { code, output } = await run(
      [
        pinnedCliEntry(),
        "deploy",
        "--url",
        "http://127.0.0.1:9",
        "--admin-key",
        "offline-check",
        "--typecheck",
        "disable",
        "--codegen",
        "disable",
        "--push-all-modules",
        "--write-push-request",
        requestFile,
      ],
      projectDir,
    );
    if (code !== 0 || !fs.existsSync(`${requestFile}.json`)) {
      throw new DeployCheckError(output.trim() || `convex deploy exited with code ${code}`);
    }
    return JSON.parse(fs.readFileSync(`${requestFile}.json`, "utf8")) as PushRequest;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
