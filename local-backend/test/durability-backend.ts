// A backend in a process of its own for durability.test.ts, which kills it with SIGKILL:
//   node --import tsx durability-backend.ts <data dir> [compactLogBytes]
// It serves the durability app and prints {"url": …} on one line once it is ready. A small
// compactLogBytes makes it compact the write-ahead log every few commits, so kills also land in
// the middle of snapshot writes.
import { fileURLToPath } from "node:url";
import { startLocalBackend } from "../src/index.js";

const APP = fileURLToPath(new URL("./apps/durability/convex", import.meta.url));

async function main(): Promise<void> {
  const [dataDir, compact] = process.argv.slice(2);
  if (!dataDir) throw new Error("usage: durability-backend.ts <data dir> [compactLogBytes]");
  const backend = await startLocalBackend({
    convexDir: APP,
    dataDir,
    port: 0,
    sitePort: 0,
    watch: false,
    log: (line) => process.stderr.write(`${line}\n`),
    ...(compact ? { compactLogBytes: Number(compact) } : {}),
  });
  process.stdout.write(`${JSON.stringify({ url: backend.url })}\n`);
  process.on("SIGTERM", () => void backend.stop().then(() => process.exit(0)));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
