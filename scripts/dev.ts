// `npm run dev`: the whole app offline (embedded Convex backend + Vite), or just Vite when a real
// Convex deployment is configured (CONVEX_DEPLOYMENT or VITE_CONVEX_URL).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startStack } from "./stack.js";

const root = path.resolve(import.meta.dirname, "..");

function configuredDeployment(): string | undefined {
  if (process.env.VITE_CONVEX_URL || process.env.CONVEX_DEPLOYMENT) return "environment";
  const envFile = path.join(root, ".env.local");
  if (!fs.existsSync(envFile)) return undefined;
  const text = fs.readFileSync(envFile, "utf8");
  return /^\s*(VITE_CONVEX_URL|CONVEX_DEPLOYMENT)\s*=\s*\S/m.test(text) ? ".env.local" : undefined;
}

async function main() {
  process.setSourceMapsEnabled(true); // stack traces point into convex/*.ts
  const { values } = parseArgs({ options: { reset: { type: "boolean", default: false } } });
  const deployment = configuredDeployment();
  if (deployment) {
    console.log(`Using the Convex deployment configured in ${deployment}; starting Vite only.`);
    console.log("Run `npm run dev:convex` alongside to push functions to it.");
    const vite = spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], { stdio: "inherit" });
    vite.on("exit", (code) => process.exit(code ?? 0));
    return;
  }

  const stack = await startStack({ dataDir: path.join(root, ".local-data"), reset: values.reset });
  console.log(`
  バイブギャラリー is running offline:

    App:         ${stack.appUrl}
    Convex:      ${stack.backend.url}
    HTTP site:   ${stack.backend.siteUrl}
    Mail sink:   ${stack.backend.mailSinkUrl}
    Google:      ${stack.google.issuer}  (local sign-in stand-in)
    Data:        ${path.relative(root, stack.backend.dataDir)}/  (npm run dev -- --reset to start over)

  Press Ctrl+C to stop.
`);
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void stack.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
