// Deploy readiness, offline: what `npx convex deploy` would push for a `convex/` folder, built by
// the pinned CLI itself, then held against the limits the deployment enforces on arrival.
import fs from "node:fs";
import path from "node:path";
import { buildPushRequest, DeployCheckError } from "./cli-push-request.js";
import { pushPackages, type PackageFacts } from "./package-facts.js";
import { CONVEX_PUSH_LIMITS, type PushLimits } from "./push-limits.js";

export { DeployCheckError } from "./cli-push-request.js";
export { CONVEX_PUSH_LIMITS, type PushLimits } from "./push-limits.js";
export type { ModuleFacts, PackageFacts } from "./package-facts.js";

export interface DeployReadiness {
  /** The app first, then each component definition (including nested ones). */
  packages: PackageFacts[];
  /** Packages the CLI leaves external for "use node" modules; the deployment installs them. */
  nodeDependencies: Array<{ name: string; version: string }>;
  totals: {
    modules: number;
    nodeModules: number;
    isolateModules: number;
    unzippedBytes: number;
    zippedBytes: number;
    requestBytes: number;
  };
  limits: PushLimits;
}

/** The functions folder the CLI deploys from `projectDir`: convex.json's `functions`, or convex/. */
function functionsDirOf(projectDir: string): string {
  const configFile = path.join(projectDir, "convex.json");
  const config = fs.existsSync(configFile) ? (JSON.parse(fs.readFileSync(configFile, "utf8")) as { functions?: string }) : {};
  return path.resolve(projectDir, config.functions ?? "convex/");
}

function refusals(facts: DeployReadiness): string[] {
  const { limits, totals } = facts;
  const found: string[] = [];
  if (totals.requestBytes > limits.maxRequestBytes) {
    found.push(`The push request is ${totals.requestBytes} bytes (maximum ${limits.maxRequestBytes}).`);
  }
  if (totals.zippedBytes >= limits.maxZippedBytes) {
    found.push(
      `ModulesTooLarge: Total module size exceeded the zipped maximum (about ${totals.zippedBytes} bytes >= maximum ${limits.maxZippedBytes}).`,
    );
  }
  if (totals.unzippedBytes >= limits.maxUnzippedBytes) {
    found.push(
      `ModulesTooLarge: Total module size exceeded the unzipped maximum (${totals.unzippedBytes} bytes >= maximum ${limits.maxUnzippedBytes}).`,
    );
  }
  for (const p of facts.packages) {
    if (p.userModules > limits.maxUserModules) {
      found.push(
        `InvalidModules: Too many function files (${p.userModules} > maximum ${limits.maxUserModules}) in ${p.definitionPath || "the app"}.`,
      );
    }
  }
  return found;
}

/**
 * Bundles `convexDir` exactly as `npx convex deploy` would (its project is the parent folder)
 * and returns what would be pushed. Throws DeployCheckError with the CLI's own message when the
 * CLI refuses to build it, or with the deployment's reasons when the push would be too large.
 * `limits` overrides the deployment's limits (tests use small ones).
 */
export async function checkDeployReadiness(convexDir: string, options: { limits?: Partial<PushLimits> } = {}): Promise<DeployReadiness> {
  const functionsDir = path.resolve(convexDir);
  const projectDir = path.dirname(functionsDir);
  if (!fs.statSync(functionsDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new DeployCheckError(`${functionsDir} is not a folder.`);
  }
  if (functionsDirOf(projectDir) !== functionsDir) {
    throw new DeployCheckError(
      `${functionsDir} is not the folder \`npx convex deploy\` in ${projectDir} would push (that is ${functionsDirOf(projectDir)}).`,
    );
  }
  const request = await buildPushRequest(projectDir);
  const packages = pushPackages(request);
  const modules = packages.flatMap((p) => p.modules);
  const facts: DeployReadiness = {
    packages,
    nodeDependencies: request.nodeDependencies,
    totals: {
      modules: modules.length,
      nodeModules: modules.filter((m) => m.environment === "node").length,
      isolateModules: modules.filter((m) => m.environment === "isolate").length,
      unzippedBytes: packages.reduce((sum, p) => sum + p.unzippedBytes, 0),
      zippedBytes: packages.reduce((sum, p) => sum + p.zippedBytes, 0),
      requestBytes: Buffer.byteLength(JSON.stringify(request)),
    },
    limits: { ...CONVEX_PUSH_LIMITS, ...options.limits },
  };
  const found = refusals(facts);
  if (found.length > 0) throw new DeployCheckError(found.join("\n"));
  return facts;
}
