// `npm run check:deploy [convexDir]`: would `npx convex deploy` accept this `convex/` folder?
// Prints a short summary, or the CLI's / deployment's reasons for refusing and exits 1.
import path from "node:path";
import { checkDeployReadiness, DeployCheckError, type DeployReadiness } from "./index.js";

// Decimal megabytes, as the deployment's limits are written.
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

function summary(facts: DeployReadiness): string {
  const { totals, limits } = facts;
  const lines = [
    `Deploy readiness: OK (the pinned Convex CLI bundled everything a push would send)`,
    `  modules: ${totals.modules} (${totals.isolateModules} Convex runtime, ${totals.nodeModules} "use node")`,
  ];
  for (const p of facts.packages) {
    const node = p.modules.filter((m) => m.environment === "node").length;
    lines.push(
      `    ${p.definitionPath || "app"}: ${p.modules.length} modules (${p.userModules} function file${p.userModules === 1 ? "" : "s"}` +
        `${node ? `, ${node} "use node"` : ""}), ${mb(p.unzippedBytes)}`,
    );
  }
  if (facts.nodeDependencies.length > 0) {
    lines.push(`  external packages for "use node": ${facts.nodeDependencies.map((d) => `${d.name}@${d.version}`).join(", ")}`);
  }
  lines.push(
    `  size: ${mb(totals.unzippedBytes)} unzipped (limit ${mb(limits.maxUnzippedBytes)}), ` +
      `about ${mb(totals.zippedBytes)} zipped (limit ${mb(limits.maxZippedBytes)}), ` +
      `push request ${mb(totals.requestBytes)} (limit ${mb(limits.maxRequestBytes)})`,
  );
  return lines.join("\n");
}

const convexDir = path.resolve(process.argv[2] ?? "convex");
try {
  console.log(summary(await checkDeployReadiness(convexDir)));
} catch (error) {
  if (!(error instanceof DeployCheckError)) throw error;
  console.error(`Deploy readiness: a push of ${convexDir} would be refused:\n\n${error.message}`);
  process.exitCode = 1;
}
