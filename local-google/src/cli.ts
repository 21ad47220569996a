#!/usr/bin/env -S npx tsx
// tsx local-google/src/cli.ts [--port 3212] [--client-id ID] [--client-secret SECRET] [--json]
import { parseArgs } from "node:util";
import { DEFAULT_PORT, startGoogleStandIn } from "./index.js";

const USAGE = `Usage: tsx local-google/src/cli.ts [options]

Offline Google OpenID Connect stand-in for development and tests. Never use it in production.

  --port <n>               port on 127.0.0.1 (default ${DEFAULT_PORT}, 0 = free)
  --client-id <id>         accept only this client_id (default: $AUTH_GOOGLE_ID, else any)
  --client-secret <secret> require this client secret (default: $AUTH_GOOGLE_SECRET, else any)
  --json                   print {"issuer": ...} as one JSON line instead of text
  --quiet                  do not log sign-ins and refused requests
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: String(DEFAULT_PORT) },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      json: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${values.port}`);
  const clientId = values["client-id"] ?? process.env.AUTH_GOOGLE_ID;
  const clientSecret = values["client-secret"] ?? process.env.AUTH_GOOGLE_SECRET;

  const standIn = await startGoogleStandIn({
    port,
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(values.quiet ? {} : { log: (line: string) => process.stderr.write(`[local-google] ${line}\n`) }),
  });
  if (values.json) process.stdout.write(`${JSON.stringify({ issuer: standIn.issuer })}\n`);
  else process.stdout.write(`${standIn.issuer}\n`);

  const shutdown = () => {
    standIn.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
