#!/usr/bin/env -S npx tsx
// tsx local-backend/src/cli.ts --convex ./convex --data .local-data [--port 3210] [--site-port 3211]
//     [--reset] [--env-file .env.local]... [--env KEY=VALUE]... [--site-url URL] [--no-watch]
import { parseArgs } from "node:util";
import { startLocalBackend } from "./index.js";

const USAGE = `Usage: tsx local-backend/src/cli.ts --convex <dir> [options]

  --convex <dir>      the app's convex/ folder (default ./convex)
  --data <dir>        data folder: documents, files, keys, mail (default .local-data)
  --port <n>          cloud port: sync, HTTP API, storage, mail sink (default 3210, 0 = free)
  --site-port <n>     site port: HTTP actions from convex/http.ts (default 3211, 0 = free)
  --reset             wipe the data folder first
  --env-file <file>   dotenv file for functions' process.env (repeatable)
  --env KEY=VALUE     one environment variable for functions (repeatable)
  --site-url <url>    SITE_URL for functions (the web app's URL)
  --no-watch          do not reload when files change
  --codegen           write <dir>/_generated before every build, as \`npx convex dev\` does
  --json              print the URLs as one JSON line on stdout once ready
`;

async function main(): Promise<void> {
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
    watch: !values["no-watch"],
    codegen: values.codegen,
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ url: backend.url, siteUrl: backend.siteUrl, mailSinkUrl: backend.mailSinkUrl, mailSendUrl: backend.mailSendUrl })}\n`,
    );
  }
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void backend.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
