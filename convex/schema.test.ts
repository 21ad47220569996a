import { describe, expect, test } from "vitest";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { createUser, newTest } from "./test.setup";

describe("schema", () => {
  test("accepts a complete user as first sign-in creates it", async () => {
    const t = newTest();
    const { userId } = await createUser(t, { name: "山田太郎" });
    const user = await t.run((ctx) => ctx.db.get("users", userId));
    expect(user).toMatchObject({
      name: "山田太郎",
      profileCompleted: false,
      settings: DEFAULT_USER_SETTINGS,
    });
  });

  test("rejects a user without the required profile fields", async () => {
    const t = newTest();
    await expect(
      t.run((ctx) =>
        // @ts-expect-error deliberately incomplete document
        ctx.db.insert("users", { name: "不完全", profileCompleted: false }),
      ),
    ).rejects.toThrow(/settings|validator|Object is missing/i);
  });

  test("rejects a work whose genre is not a submit genre", async () => {
    const t = newTest();
    const { userId } = await createUser(t);
    const work = {
      userId,
      title: "作品",
      description: "説明",
      vibeDescription: "コンセプト",
      demoUrl: "https://example.com",
      aiTools: ["Claude"],
      techStack: [],
      tags: [],
      isZeroCode: false,
      screenshots: [],
      featured: false,
      likesCount: 0,
      commentsCount: 0,
      viewsCount: 0,
      searchText: "",
      updatedAt: Date.now(),
    };
    await t.run((ctx) => ctx.db.insert("projects", { ...work, genre: "webapp" }));
    await expect(
      // @ts-expect-error "web" is only a legacy filter value, never stored
      t.run((ctx) => ctx.db.insert("projects", { ...work, genre: "web" })),
    ).rejects.toThrow();
  });

  test("rejects an unknown notification type and a wrong id table", async () => {
    const t = newTest();
    const { userId } = await createUser(t);
    const note = { userId, title: "t", message: "m", read: false };
    await t.run((ctx) => ctx.db.insert("notifications", { ...note, type: "like" }));
    await expect(
      // @ts-expect-error not a notification type
      t.run((ctx) => ctx.db.insert("notifications", { ...note, type: "poke" })),
    ).rejects.toThrow();
    await expect(
      t.run((ctx) =>
        // @ts-expect-error a user id where a work id belongs
        ctx.db.insert("likes", { userId, projectId: userId }),
      ),
    ).rejects.toThrow();
  });

  test("rejects a challenge with an unknown status", async () => {
    const t = newTest();
    const challenge = {
      title: "t",
      description: "d",
      requirements: "r",
      endDate: Date.now() + 86_400_000,
      prize: false,
      tags: [],
      startedAt: 0,
      submissionsCount: 0,
      updatedAt: Date.now(),
    };
    await t.run((ctx) => ctx.db.insert("challenges", { ...challenge, status: "active" }));
    await expect(
      // @ts-expect-error not a challenge status
      t.run((ctx) => ctx.db.insert("challenges", { ...challenge, status: "draft" })),
    ).rejects.toThrow();
  });
});
