import { defineComponent } from "convex/server";
import { v } from "convex/values";
import tally from "#tally/convex.config.js";

const component = defineComponent("notes", { env: { GREETING: v.string() } });
component.use(tally);
export default component;
