// `npm run codegen`: writes an app's convex/_generated offline, as `npx convex dev` would.
//
//   npm run codegen                          ./convex
//   npm run codegen -- --dir path/to/convex  any app folder (positional path works too)
//   npm run codegen -- --check [--dir …]     exit 1 listing stale files, writing nothing
//   npm run codegen -- --commonjs            also api_cjs.cjs / api_cjs.d.cts (`npx convex codegen
//                                            --commonjs`; convex.json's generateCommonJSApi does too)
import path from "node:path";
import { runCodegen } from "./index.js";

function parseArgs(argv: string[]): { dir: string; check: boolean; commonjs: boolean } {
  let dir: string | null = null;
  let check = false;
  let commonjs = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--check") check = true;
    else if (arg === "--commonjs") commonjs = true;
    else if (arg === "--dir") dir = argv[++i] ?? null;
    else if (arg.startsWith("--dir=")) dir = arg.slice("--dir=".length);
    else if (!arg.startsWith("--")) dir = arg;
    else throw new Error(`codegen: unknown option ${arg} (use --dir <convex folder>, --check and --commonjs)`);
  }
  return { dir: path.resolve(dir ?? "convex"), check, commonjs };
}

async function main(): Promise<void> {
  const { dir, check, commonjs } = parseArgs(process.argv.slice(2));
  const { changed } = await runCodegen({ convexDir: dir, check, commonjs });
  const shown = changed.map((file) => path.relative(process.cwd(), file));
  if (check) {
    if (shown.length > 0) {
      console.error(
        `${path.relative(process.cwd(), dir)}/_generated is out of date (${shown.join(", ")}).\nRun \`npm run codegen\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log(`${path.relative(process.cwd(), dir) || "."}/_generated is up to date.`);
    return;
  }
  console.log(
    shown.length > 0 ? `Wrote ${shown.join(", ")}` : `${path.relative(process.cwd(), dir) || "."}/_generated already up to date.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
