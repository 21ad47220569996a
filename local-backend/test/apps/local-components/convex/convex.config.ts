import { defineApp } from "convex/server";
import { v } from "convex/values";
import notes from "./notes/convex.config";

// A component defined in this repo, mounted twice: once with its HTTP routes under /notes/ and
// a fixed greeting, once with the greeting taken from a deployment variable.
const app = defineApp({ env: { OTHER_GREETING: v.string() } });
app.use(notes, { env: { GREETING: "こんにちは" }, httpPrefix: "/notes/" });
app.use(notes, { name: "otherNotes", env: { GREETING: app.env.OTHER_GREETING } });
export default app;
