import { v } from "convex/values";
import { components } from "./_generated/api";
import { action, env, mutation, query } from "./_generated/server";

export const addNote = mutation({
  args: { text: v.string(), other: v.optional(v.boolean()) },
  handler: async (ctx, { text, other }): Promise<string> => {
    await ctx.db.insert("notes", { text: `app copy of ${text}` });
    return await ctx.runMutation(other ? components.otherNotes.notes.add : components.notes.notes.add, { text });
  },
});

/** Fails after the component wrote: the component's write must be rolled back too. */
export const addNoteThenFail = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.runMutation(components.notes.notes.add, { text });
    throw new Error("the app changed its mind");
  },
});

export const listNotes = query({
  args: { other: v.optional(v.boolean()) },
  handler: async (ctx, { other }) => ({
    component: await ctx.runQuery(other ? components.otherNotes.notes.list : components.notes.notes.list, {}),
    app: (await ctx.db.query("notes").take(100)).map((n) => n.text),
  }),
});

export const greetings = query({
  args: {},
  handler: async (ctx) => ({
    app: { greeting: (env as Record<string, string | undefined>).GREETING ?? null, other: env.OTHER_GREETING },
    notes: await ctx.runQuery(components.notes.notes.environment, {}),
    otherNotes: await ctx.runQuery(components.otherNotes.notes.environment, {}),
  }),
});

export const scheduleNote = mutation({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    await ctx.scheduler.runAfter(0, components.notes.notes.add, { text });
  },
});

export const scheduleInsideComponent = mutation({
  args: { text: v.string() },
  handler: (ctx, { text }) => ctx.runMutation(components.notes.notes.addLater, { text }),
});

export const storeInComponent = action({
  args: { text: v.string() },
  handler: (ctx, { text }): Promise<{ storageId: string; url: string | null; text: string | null }> =>
    ctx.runAction(components.notes.notes.storeText, { text }),
});

export const identityInComponent = query({
  args: {},
  handler: async (ctx) => ({
    app: (await ctx.auth.getUserIdentity())?.subject ?? null,
    component: await ctx.runQuery(components.notes.notes.whoami, {}),
  }),
});
