// The `export` and `import` verbs of the backend's CLI (see cli.ts).
import { parseArgs } from "node:util";
import { exportDataFolder } from "./export-zip.js";
import { importZip } from "./import-zip.js";

export const VERBS_USAGE = `       tsx local-backend/src/cli.ts export --out <file.zip> [--data .local-data]
       tsx local-backend/src/cli.ts import --in <file.zip> --data <new folder>

  export              write the data folder as the ZIP \`npx convex export\` writes (for \`npx convex import\`);
                      the backend must not be running on that folder
  import              load a Convex export ZIP into a new, empty data folder
`;

export async function runVerb(verb: "export" | "import", args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: "string" }, out: { type: "string" }, in: { type: "string" } },
  });
  if (verb === "export") {
    if (!values.out) throw new Error(`export needs --out <file.zip>\n\nUsage: ${VERBS_USAGE}`);
    const data = values.data ?? ".local-data";
    const summary = await exportDataFolder(data, values.out);
    process.stdout.write(
      `exported ${data} to ${values.out}: ${summary.documents} documents in ${summary.tables} tables ` +
        `(the app and ${summary.components - 1} components), ${summary.files} stored files\n`,
    );
    if (summary.missingFiles.length > 0) {
      process.stderr.write(
        `left out ${summary.missingFiles.length} stored files missing from ${data}/storage: ${summary.missingFiles.slice(0, 5).join(", ")}\n`,
      );
    }
    return;
  }
  if (!values.in || !values.data) throw new Error(`import needs --in <file.zip> and --data <new folder>\n\nUsage: ${VERBS_USAGE}`);
  const summary = importZip(values.in, values.data);
  process.stdout.write(
    `imported ${values.in} into ${values.data}: ${summary.documents} documents in ${summary.tables} tables, ${summary.files} stored files` +
      (summary.renumbered > 0 ? ` (${summary.renumbered} Convex ids given local ids, references rewritten)` : "") +
      `\nstart the backend with --data ${values.data} to serve it\n`,
  );
}
