import { describe, expect, test } from "vitest";
import { createOrRefreshGoogleUser, googleProfileOf } from "./googleUsers";
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
