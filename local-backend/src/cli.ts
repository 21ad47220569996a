#!/usr/bin/env -S npx tsx
// tsx local-backend/src/cli.ts --convex ./convex --data .local-data [--port 3210] [--site-port 3211]
//     [--reset] [--env-file .env.local]... [--env KEY=VALUE]... [--site-url URL] [--no-watch]
//     [--allow-origin URL]... [--max-upload-mb N]
// tsx local-backend/src/cli.ts export --out x.zip [--data .local-data]  |  import --in x.zip --data <new folder>
import { parseArgs } from "node:util";
import { runVerb, VERBS_USAGE } from "./tools/convex-export/cli-verbs.js";
import { startLocalBackend } from "./index.js";

const USAGE = `Usage: tsx local-backend/src/cli.ts --convex <dir> [options]

  --convex <dir>      the app's convex/ folder (default ./convex)
  --data <dir>        data folder: documents, files, keys, mail (default .local-data)
  --port <n>          cloud port: sync, HTTP API, storage, mail sink (default 3210, 0 = free)
  --site-port <n>     site port: HTTP actions from convex/http.ts (default 3211, 0 = free)
  --reset             wipe the data folder first
  --env-file <file>   dotenv file for functions' process.env (repeatable)
  --env KEY=VALUE     one environment variable for functions (repeatable)
  --site-url <url>    SITE_URL for functions (the web app's URL; its pages may use the backend)
  --allow-origin <u>  another web origin whose pages may use the backend (repeatable, * for any)
  --max-upload-mb <n> largest file an upload URL accepts (default 1024)
  --no-watch          do not reload when files change
  --codegen           write <dir>/_generated before every build, as \`npx convex dev\` does
  --json              print the URLs as one JSON line on stdout once ready

${VERBS_USAGE}`;

async function main(): Promise<void> {
  const verb = process.argv[2];
  if (verb === "export" || verb === "import") return runVerb(verb, process.argv.slice(3));
  const { values } = parseArgs({
    options: {
      convex: { type: "string", default: "./convex" },
      data: { type: "string", default: ".local-data" },
      port: { type: "string", default: "3210" },
      "site-port": { type: "string", default: "3211" },
      reset: { type: "boolean", default: false },
      "env-file": { type: "string", multiple: true },
      env: { type: "string", multiple: true },
      "site-url": { type: "string" },
      "allow-origin": { type: "string", multiple: true },
      "max-upload-mb": { type: "string" },
      "no-watch": { type: "boolean", default: false },
      codegen: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`--env expects KEY=VALUE, got ${pair}`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const port = Number(values.port);
  const sitePort = Number(values["site-port"]);
  if (!Number.isInteger(port) || !Number.isInteger(sitePort)) throw new Error("ports must be integers");
  const maxUploadMb = values["max-upload-mb"] === undefined ? undefined : Number(values["max-upload-mb"]);
  if (maxUploadMb !== undefined && !(maxUploadMb > 0)) throw new Error("--max-upload-mb must be a positive number");
  const allowOrigins = values["allow-origin"] ?? [];

  process.setSourceMapsEnabled(true);
  const backend = await startLocalBackend({
    convexDir: values.convex,
    dataDir: values.data,
    port,
    sitePort,
    reset: values.reset,
    env,
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
    ...(values["site-url"] ? { siteUrl: values["site-url"] } : {}),
    ...(allowOrigins.length > 0 ? { allowedOrigins: allowOrigins.includes("*") ? ("*" as const) : allowOrigins } : {}),
    ...(maxUploadMb !== undefined ? { maxUploadBytes: Math.round(maxUploadMb * 1024 * 1024) } : {}),
    watch: !values["no-watch"],
    codegen: values.codegen,
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ url: backend.url, siteUrl: backend.siteUrl, mailSinkUrl: backend.mailSinkUrl, mailSendUrl: backend.mailSendUrl })}\n`,
    );
  }
  // Every commit is in the write-ahead log before it is acknowledged, so even a second Ctrl+C,
  // which quits at once, loses no acknowledged write.
  let stopping = false;
  const stop = () => {
    if (stopping) {
      process.stderr.write("local-backend: stopping now (acknowledged writes are kept)\n");
      process.exit(1);
    }
    stopping = true;
    process.stderr.write("local-backend: stopping (Ctrl+C again to quit at once)\n");
    void backend.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  const startupError = err instanceof Error && err.name === "LocalBackendStartupError";
  process.stderr.write(`${startupError ? String(err) : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
