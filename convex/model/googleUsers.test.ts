import { afterEach, describe, expect, test, vi } from "vitest";
import { adminEmails, createOrRefreshGoogleUser, googleProfileOf } from "./googleUsers";
import { readSiteCounter } from "./siteCounters";
import { newTest } from "../test.setup";

describe("users from Google sign-in", () => {
  test("first sign-in creates an empty, incomplete profile with default settings", async () => {
    const t = newTest();
    const user = await t.run(async (ctx) => {
      const id = await createOrRefreshGoogleUser(
        ctx,
        null,
        { name: "山田花子", email: "hanako@example.com", image: "https://img.example/h.png" },
        1000,
      );
      return { doc: await ctx.db.get("users", id), users: await readSiteCounter(ctx, "users") };
    });
    expect(user.doc).toMatchObject({
      name: "山田花子",
      email: "hanako@example.com",
      image: "https://img.example/h.png",
      profileCompleted: false,
      settings: { notifications: { likes: true, follows: false }, privacy: { profileVisibility: "public" } },
    });
    expect(user.doc?.handle).toBeUndefined();
    expect(user.doc?.displayName).toBeUndefined();
    expect(user.users).toBe(1);
  });

  test("later sign-ins refresh Google's name, e-mail and picture but keep what the user edited", async () => {
    const t = newTest();
    const after = await t.run(async (ctx) => {
      const id = await createOrRefreshGoogleUser(ctx, null, { name: "旧名", email: "old@example.com" }, 1000);
      await ctx.db.patch("users", id, { displayName: "アプリでの名前", handle: "hanako", profileCompleted: true });
      const again = await createOrRefreshGoogleUser(
        ctx,
        id,
        { name: "新しい名前", email: "new@example.com", image: "https://img.example/new.png" },
        2000,
      );
      expect(again).toBe(id);
      return { doc: await ctx.db.get("users", id), users: await readSiteCounter(ctx, "users") };
    });
    expect(after.doc).toMatchObject({
      name: "新しい名前",
      email: "new@example.com",
      image: "https://img.example/new.png",
      displayName: "アプリでの名前",
      handle: "hanako",
      profileCompleted: true,
    });
    expect(after.users).toBe(1);
  });

  test("only string claims are taken from the provider profile", () => {
    expect(googleProfileOf({ name: "A", email: 3, image: "", id: "sub" })).toEqual({ name: "A" });
  });
});

describe("ADMIN_EMAILS names the first admins at sign-in", () => {
  afterEach(() => vi.unstubAllEnvs());

  test("the list is comma-separated, trimmed and case-folded", () => {
    expect([...adminEmails(" Boss@Example.com, ,ops@example.com ")]).toEqual(["boss@example.com", "ops@example.com"]);
    expect(adminEmails(undefined).size).toBe(0);
  });

  test("a named address becomes admin on first sign-in and on a later one; the grant is logged; others stay ordinary", async () => {
    const t = newTest();
    vi.stubEnv("ADMIN_EMAILS", "boss@example.com");
    const result = await t.run(async (ctx) => {
      const boss = await createOrRefreshGoogleUser(ctx, null, { name: "管理者", email: "Boss@Example.com" }, 1000);
      const someone = await createOrRefreshGoogleUser(ctx, null, { name: "一般", email: "someone@example.com" }, 1000);
      const later = await createOrRefreshGoogleUser(ctx, null, { name: "後から", email: "later@example.com" }, 1000);
      return { boss: await ctx.db.get("users", boss), someone: await ctx.db.get("users", someone), later };
    });
    expect(result.boss?.role).toBe("admin");
    expect(result.someone?.role).toBeUndefined();

    // Named later: the next sign-in makes them admin, once.
    vi.stubEnv("ADMIN_EMAILS", "boss@example.com,later@example.com");
    const after = await t.run(async (ctx) => {
      await createOrRefreshGoogleUser(ctx, result.later, { name: "後から", email: "later@example.com" }, 2000);
      await createOrRefreshGoogleUser(ctx, result.later, { name: "後から", email: "later@example.com" }, 3000);
      return {
        later: await ctx.db.get("users", result.later),
        log: await ctx.db
          .query("moderationActions")
          .withIndex("by_subjectId", (q) => q.eq("subjectId", result.later))
          .collect(),
      };
    });
    expect(after.later?.role).toBe("admin");
    expect(after.log).toHaveLength(1);
    expect(after.log[0]).toMatchObject({ kind: "grant_role", role: "admin", targetType: "user" });
    expect(after.log[0]?.moderatorId).toBeUndefined();
  });
});
