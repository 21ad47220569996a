// Writes src/lib/tailwind-merge-config.ts from the classes in src/ (see generate.ts), or with
// --check only says whether it is current and fails if not.
//
//   npm run tailwind-merge:write
//   npm run tailwind-merge:check
import fs from "node:fs";
import path from "node:path";
import { CONFIG_PATH, currentConfigSource } from "./generate";

const expected = currentConfigSource();
const actual = fs.existsSync(CONFIG_PATH) ? fs.readFileSync(CONFIG_PATH, "utf8") : null;
const shown = path.relative(process.cwd(), CONFIG_PATH);

if (process.argv.includes("--check")) {
  if (actual !== expected) {
    console.error(`${shown} is stale: the classes in src/ use other tailwind-merge groups. Run npm run tailwind-merge:write.`);
    process.exit(1);
  }
  console.log(`${shown} is current.`);
} else if (actual === expected) {
  console.log(`${shown} is current.`);
} else {
  fs.writeFileSync(CONFIG_PATH, expected);
  console.log(`wrote ${shown}`);
}
