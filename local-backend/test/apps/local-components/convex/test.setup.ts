/// <reference types="vite/client" />
// convex-test with this app's own components registered once: `notes` twice and the `tally`
// nested in each, each with its own module map (a component's map must hold only its files).
import { convexTest } from "convex-test";
import notesSchema from "./notes/schema";
import tallySchema from "./notes/tally/schema";
import schema from "./schema";

export const modules = import.meta.glob(["./**/*.*s", "!./notes/**", "!./**/*.test.ts", "!./test.setup.ts"]);
const notesModules = import.meta.glob(["./notes/**/*.*s", "!./notes/tally/**"]);
const tallyModules = import.meta.glob("./notes/tally/**/*.*s");

export function newTest() {
  const t = convexTest(schema, modules);
  for (const notes of ["notes", "otherNotes"]) {
    t.registerComponent(notes, notesSchema, notesModules);
    t.registerComponent(`${notes}/tally`, tallySchema, tallyModules);
  }
  return t;
}
