import { v } from "convex/values";
import { components, internal } from "./_generated/api";
import { action, env, internalMutation, mutation, query } from "./_generated/server";

export const add = mutation({
  args: { text: v.string() },
  returns: v.string(),
  handler: async (ctx, { text }) => {
    const greeting = env.GREETING;
    const id = await ctx.db.insert("notes", { text, greeting });
    await ctx.runMutation(components.tally.tally.increment, { name: "notes" });
    return id;
  },
});

export const list = query({
  args: {},
  returns: v.object({ texts: v.array(v.string()), tally: v.number() }),
  handler: async (ctx) => ({
    texts: (await ctx.db.query("notes").take(100)).map((n) => `${n.greeting}: ${n.text}`),
    tally: await ctx.runQuery(components.tally.tally.get, { name: "notes" }),
  }),
});

const maybeString = v.union(v.string(), v.null());

export const environment = query({
  args: {},
  returns: v.object({ greeting: maybeString, siteUrl: maybeString, cloudUrl: maybeString, appOnly: maybeString }),
  handler: () => ({
    greeting: env.GREETING ?? null,
    siteUrl: env.CONVEX_SITE_URL ?? null,
    cloudUrl: env.CONVEX_CLOUD_URL ?? null,
    // A deployment variable the app did not pass down is not visible in a component.
    appOnly: (env as Record<string, string | undefined>).OTHER_GREETING ?? null,
  }),
});

/** Schedules one of the component's own functions from inside the component. */
export const addLater = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.scheduler.runAfter(0, internal.notes.addScheduled, { text });
  },
});

export const addScheduled = internalMutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.db.insert("notes", { text, greeting: "scheduled" });
  },
});

export const storeText = action({
  args: { text: v.string() },
  returns: v.object({ storageId: v.string(), url: v.union(v.string(), v.null()), text: v.union(v.string(), v.null()) }),
  handler: async (ctx, { text }) => {
    const storageId = await ctx.storage.store(new Blob([text], { type: "text/plain" }));
    const blob = await ctx.storage.get(storageId);
    return { storageId, url: await ctx.storage.getUrl(storageId), text: blob ? await blob.text() : null };
  },
});

export const whoami = query({
  args: {},
  returns: v.union(v.string(), v.null()),
  handler: async (ctx) => (await ctx.auth.getUserIdentity())?.subject ?? null,
});
