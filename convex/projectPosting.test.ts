// Posting and editing works: projects.create, projects.getForEdit, projects.update (and the
// screenshot files projects.remove takes with it). The gallery itself is in projects.test.ts.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { readSiteCounter } from "./model/siteCounters";
import { fileExists, pngBytes, storeFile } from "./model/storedFiles.testkit";
import { realPng, registryRow, storePair, uploadShot, type Shot } from "./model/screenshots.testkit";
import { createWork, shown } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";
import { readUserStats } from "./model/userStats";

const MB = 1024 * 1024;
const page = { numItems: 20, cursor: null };

type Client = Awaited<ReturnType<typeof createUser>>["as"];

/** What the wizard sends, as typed; screenshots come from uploads. */
const form = {
  title: "家計簿アプリ",
  description: "毎日の支出をかんたんに記録できる家計簿です",
  vibeDescription: "気軽に続けられること",
  genre: "tool",
  demoUrl: "https://example.com/kakeibo",
  demoVideoUrl: "",
  repositoryUrl: "https://github.com/taro/kakeibo",
  aiTools: ["Claude", "v0"],
  techStack: ["React"],
  tags: ["家計簿"],
  isZeroCode: false,
};
type Form = typeof form;

const UPLOAD_FAILED = {
  code: "INVALID_IMAGE",
  message: "画像のアップロードに失敗しました",
  fields: { screenshots: "画像のアップロードに失敗しました" },
};
const invalid = (field: string, message: string) => ({ code: "INVALID_INPUT", message, fields: { [field]: message } });

/** Uploads `count` checked screenshots, then posts the work as `as`. */
async function post(t: TestConvex, as: Client, input: Partial<Form> = {}, count = 1) {
  const screenshots: Shot[] = [];
  for (let i = 0; i < count; i++) screenshots.push(await uploadShot(t, as));
  const id = await as.mutation(api.projects.create, { ...form, ...input, screenshots });
  return { id, screenshots };
}

const updateArgs = (id: Id<"projects">, input: Partial<Form> & { screenshots: Shot[] }) => {
  const { isZeroCode, ...rest } = { ...form, ...input };
  return { id, ...rest, isZeroCode };
};

/** Everything a post could change besides the work itself. */
async function sideEffects(t: TestConvex, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const user = await readUserStats(ctx, userId);
    return {
      projectsCount: user.projectsCount,
      zeroCodeCount: user.zeroCodeCount,
      site: { projects: await readSiteCounter(ctx, "projects"), zeroCode: await readSiteCounter(ctx, "zeroCodeProjects") },
      works: (await ctx.db.query("projects").take(100)).length,
      aiToolRows: (await ctx.db.query("projectAiTools").take(100)).length,
      registry: (await ctx.db.query("screenshotFiles").take(100)).map(({ storageId, userId, projectId }) => ({
        storageId,
        userId,
        projectId,
      })),
      badges: (
        await ctx.db
          .query("userBadges")
          .withIndex("by_userId_and_badgeId", (q) => q.eq("userId", userId))
          .take(10)
      ).map((b) => b.badgeId),
      notifications: (
        await ctx.db
          .query("notifications")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(20)
      ).map((n) => [n.type, n.badgeId]),
    };
  });
}

const galleryIds = async (t: TestConvex, args: { genre?: string; aiTool?: string; zeroCode?: boolean } = {}) =>
  (await t.query(api.projects.list, { paginationOpts: page, sort: "newest", ...args })).page.map((w) => w._id);
const searchIds = async (t: TestConvex, search: string) =>
  (await t.query(api.projects.search, { search, sort: "newest" })).items.map((w) => w._id);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("projects.create", () => {
  test("posts the work: its page, the gallery, filters, search, stats, counters and the first badge", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const visitor = await createUser(t);
    const { id, screenshots } = await post(t, author.as, {}, 2);
    expect(id).toEqual(expect.any(String));

    const page_ = shown(await visitor.as.query(api.projects.get, { id }));
    expect(page_).toMatchObject({
      _id: id,
      title: "家計簿アプリ",
      description: "毎日の支出をかんたんに記録できる家計簿です",
      vibeDescription: "気軽に続けられること",
      genre: "tool",
      demoUrl: "https://example.com/kakeibo",
      demoVideoUrl: null,
      repositoryUrl: "https://github.com/taro/kakeibo",
      aiTools: ["Claude", "v0"],
      techStack: ["React"],
      tags: ["家計簿"],
      isZeroCode: false,
      featured: false,
      likesCount: 0,
      commentsCount: 0,
      viewsCount: 0,
      viewerHasLiked: false,
      isOwner: false,
    });
    expect(page_.author.displayName).toBe("作者");
    expect(page_.screenshots).toEqual([
      { url: expect.any(String), thumbnailUrl: expect.any(String) },
      { url: expect.any(String), thumbnailUrl: expect.any(String) },
    ]);
    expect(shown(await author.as.query(api.projects.get, { id }))?.isOwner).toBe(true);

    expect(await galleryIds(t)).toEqual([id]);
    expect(await galleryIds(t, { aiTool: "Claude" })).toEqual([id]);
    expect(await galleryIds(t, { aiTool: "v0", genre: "tool" })).toEqual([id]);
    expect(await galleryIds(t, { aiTool: "Cursor" })).toEqual([]);
    expect(await galleryIds(t, { genre: "game" })).toEqual([]);
    expect(await searchIds(t, "支出")).toEqual([id]);
    expect(await searchIds(t, "記録")).toEqual([id]);
    expect(await searchIds(t, "家計簿アプリ")).toEqual([id]);

    // The screenshot files now belong to the work.
    for (const shot of screenshots) {
      for (const storageId of [shot.storageId, shot.thumbnailStorageId]) {
        expect(await registryRow(t, storageId)).toMatchObject({ userId: author.userId, projectId: id });
      }
    }

    expect(await t.query(api.projects.summary, {})).toEqual({ total: 1, zeroCode: 0 });
    expect(await sideEffects(t, author.userId)).toMatchObject({
      projectsCount: 1,
      zeroCodeCount: 0,
      badges: ["firstProject"],
      notifications: [["badge", "firstProject"]],
    });
    const notification = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_userId", (q) => q.eq("userId", author.userId))
        .unique(),
    );
    expect(notification).toMatchObject({ type: "badge", read: false, title: "バッジを獲得しました" });
    expect(notification?.message).toContain("はじめての投稿");
  });

  test("a second work counts, but never awards firstProject again", async () => {
    const t = newTest();
    const author = await createUser(t);
    const first = await post(t, author.as);
    const second = await post(t, author.as, { title: "二作目", genre: "game", isZeroCode: true });
    expect(await galleryIds(t)).toEqual([second.id, first.id]);
    expect(await galleryIds(t, { zeroCode: true })).toEqual([second.id]);
    expect(await t.query(api.projects.summary, {})).toEqual({ total: 2, zeroCode: 1 });
    expect(await sideEffects(t, author.userId)).toMatchObject({
      projectsCount: 2,
      zeroCodeCount: 1,
      badges: ["firstProject"],
      notifications: [["badge", "firstProject"]],
    });
  });

  test("zeroCodeMaster comes with the third zero-code work, once", async () => {
    const t = newTest();
    const author = await createUser(t);
    await post(t, author.as, { isZeroCode: true });
    await post(t, author.as, { isZeroCode: false });
    await post(t, author.as, { isZeroCode: true });
    expect((await sideEffects(t, author.userId)).badges).toEqual(["firstProject"]);
    await post(t, author.as, { isZeroCode: true });
    expect(await sideEffects(t, author.userId)).toMatchObject({
      projectsCount: 4,
      zeroCodeCount: 3,
      badges: ["firstProject", "zeroCodeMaster"],
      notifications: [
        ["badge", "firstProject"],
        ["badge", "zeroCodeMaster"],
      ],
    });
    await post(t, author.as, { isZeroCode: true });
    expect((await sideEffects(t, author.userId)).notifications).toHaveLength(2);
    expect(await t.query(api.projects.summary, {})).toEqual({ total: 5, zeroCode: 4 });
  });

  test("stores what was typed trimmed and cleaned, as the form rules say", async () => {
    const t = newTest();
    const author = await createUser(t);
    const { id } = await post(t, author.as, {
      title: "  家計簿アプリ  ",
      description: "\n支出を記録\n",
      vibeDescription: " ゆるく ",
      demoUrl: " https://example.com ",
      demoVideoUrl: "  ",
      repositoryUrl: "",
      aiTools: [" Claude ", "", "  "],
      techStack: [" React ", "react", ""],
      tags: ["#AI", "ai", " #家計簿 ", "#", ""],
    });
    expect(await t.query(api.projects.get, { id })).toMatchObject({
      title: "家計簿アプリ",
      description: "支出を記録",
      vibeDescription: "ゆるく",
      demoUrl: "https://example.com",
      demoVideoUrl: null,
      repositoryUrl: null,
      aiTools: ["Claude"],
      techStack: ["React"],
      tags: ["AI", "家計簿"],
    });
    const doc = await t.run((ctx) => ctx.db.get("projects", id));
    expect(doc).not.toHaveProperty("demoVideoUrl");
    expect(doc).not.toHaveProperty("repositoryUrl");
  });

  test("signed out is refused with the posting message", async () => {
    const t = newTest();
    const author = await createUser(t);
    const shot = await uploadShot(t, author.as);
    expect(await errorOf(t.mutation(api.projects.create, { ...form, screenshots: [shot] }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(await galleryIds(t)).toEqual([]);
  });

  test("every rule's message reaches the caller next to its field; nothing is written", async () => {
    const t = newTest();
    const author = await createUser(t);
    const shot = await uploadShot(t, author.as);
    const before = await sideEffects(t, author.userId);
    const create = (input: Partial<Form>, screenshots: Shot[] = [shot]) =>
      errorOf(author.as.mutation(api.projects.create, { ...form, ...input, screenshots }));

    const cases: Array<[Partial<Form>, string, string]> = [
      [{ title: "" }, "title", "タイトルは必須です"],
      [{ title: "   " }, "title", "タイトルは必須です"],
      [{ title: "題".repeat(101) }, "title", "タイトルは100文字以内で入力してください"],
      [{ description: "" }, "description", "説明は必須です"],
      [{ description: "説".repeat(2001) }, "description", "説明は2000文字以内で入力してください"],
      [{ vibeDescription: " " }, "vibeDescription", "Vibeの説明は必須です"],
      [{ vibeDescription: "雰".repeat(2001) }, "vibeDescription", "Vibeの説明は2000文字以内で入力してください"],
      [{ genre: "" }, "genre", "ジャンルを選択してください"],
      [{ genre: "cooking" }, "genre", "ジャンルを選択してください"],
      [{ genre: "web" }, "genre", "ジャンルを選択してください"],
      [{ demoUrl: "" }, "demoUrl", "デモURLは必須です"],
      [{ demoUrl: "javascript:alert(1)" }, "demoUrl", "正しいURL形式で入力してください"],
      [{ demoUrl: "ftp://example.com" }, "demoUrl", "正しいURL形式で入力してください"],
      [{ demoUrl: "example.com" }, "demoUrl", "正しいURL形式で入力してください"],
      [{ demoUrl: `https://example.com/${"a".repeat(500)}` }, "demoUrl", "URLは500文字以内で入力してください"],
      [{ demoVideoUrl: "javascript:alert(1)" }, "demoVideoUrl", "正しいURL形式で入力してください"],
      [{ repositoryUrl: "ftp://github.com/x" }, "repositoryUrl", "正しいURL形式で入力してください"],
      [{ aiTools: [] }, "aiTools", "使用したAIツールを少なくとも1つ選択してください"],
      [{ aiTools: [" ", ""] }, "aiTools", "使用したAIツールを少なくとも1つ選択してください"],
      [{ aiTools: ["a", "b", "c", "d", "e", "f"] }, "aiTools", "AIツールは最大5個まで追加できます"],
      [{ aiTools: ["Claude", "claude"] }, "aiTools", "このAIツールは既に追加されています"],
      [{ aiTools: ["道".repeat(41)] }, "aiTools", "AIツール名は40文字以内で入力してください"],
      [{ techStack: Array.from({ length: 11 }, (_, i) => `s${i}`) }, "techStack", "技術スタックは最大10個まで追加できます"],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags", "タグは最大10個まで追加できます"],
      [{ tags: ["タ".repeat(31)] }, "tags", "タグは30文字以内で入力してください"],
    ];
    for (const [input, field, message] of cases) {
      expect(await create(input), `${field}: ${message}`).toEqual(invalid(field, message));
    }

    expect(await create({}, [])).toEqual(invalid("screenshots", "スクリーンショットを少なくとも1枚アップロードしてください"));
    const six = [shot];
    for (let i = 0; i < 5; i++) six.push(await uploadShot(t, author.as));
    const beforeSix = await sideEffects(t, author.userId);
    expect(await create({}, six)).toEqual(invalid("screenshots", "スクリーンショットは最大5枚まで追加できます"));

    // Every problem at once: the first in form order is the message, each field has its own.
    expect(await create({ title: "", genre: "", demoUrl: "ftp://x", aiTools: [], tags: ["t".repeat(31)] }, [])).toEqual({
      code: "INVALID_INPUT",
      message: "タイトルは必須です",
      fields: {
        title: "タイトルは必須です",
        genre: "ジャンルを選択してください",
        demoUrl: "正しいURL形式で入力してください",
        screenshots: "スクリーンショットを少なくとも1枚アップロードしてください",
        aiTools: "使用したAIツールを少なくとも1つ選択してください",
        tags: "タグは30文字以内で入力してください",
      },
    });
    expect(await sideEffects(t, author.userId)).toEqual(beforeSix);
    expect(beforeSix).toMatchObject({ ...before, registry: expect.any(Array) as unknown });
    expect(beforeSix.works).toBe(0);
  });

  describe("screenshots must be the caller's own checked uploads", () => {
    async function refusedWith(t: TestConvex, as: Client, userId: Id<"users">, screenshots: Shot[]) {
      const before = await sideEffects(t, userId);
      const error = await errorOf(as.mutation(api.projects.create, { ...form, screenshots }));
      // Nothing half-written: no work, no counter, no badge, no file moved.
      expect(await sideEffects(t, userId)).toEqual(before);
      for (const shot of screenshots)
        expect([await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)]).toEqual([true, true]);
      return error;
    }

    test("an upload that was never checked", async () => {
      const t = newTest();
      const me = await createUser(t);
      const unchecked = await storePair(t);
      expect(await refusedWith(t, me.as, me.userId, [unchecked])).toEqual(UPLOAD_FAILED);
      // Half checked: a checked original with an unchecked thumbnail.
      const checked = await uploadShot(t, me.as);
      expect(
        await refusedWith(t, me.as, me.userId, [{ storageId: checked.storageId, thumbnailStorageId: unchecked.thumbnailStorageId }]),
      ).toEqual(UPLOAD_FAILED);
      // Next to a good one, the whole post is refused.
      expect(await refusedWith(t, me.as, me.userId, [checked, unchecked])).toEqual(UPLOAD_FAILED);
    });

    test("another user's upload, another work's screenshot, someone's profile photo", async () => {
      const t = newTest();
      const me = await createUser(t);
      const other = await createUser(t);
      const theirPending = await uploadShot(t, other.as);
      const theirPosted = (await post(t, other.as)).screenshots[0]!;
      const myPosted = (await post(t, me.as)).screenshots[0]!;
      const photo = await storeFile(t, realPng(), "image/png");
      await t.run((ctx) => ctx.db.patch("users", other.userId, { photoStorageId: photo }));
      const myPhoto = await storeFile(t, realPng(), "image/png");
      await t.run((ctx) => ctx.db.patch("users", me.userId, { photoStorageId: myPhoto }));
      const mine = await uploadShot(t, me.as);

      for (const foreign of [
        theirPending,
        theirPosted,
        myPosted, // my own other work's pair
        { storageId: photo, thumbnailStorageId: mine.thumbnailStorageId },
        { storageId: myPhoto, thumbnailStorageId: mine.thumbnailStorageId },
        { storageId: mine.storageId, thumbnailStorageId: theirPending.thumbnailStorageId },
      ]) {
        expect(await refusedWith(t, me.as, me.userId, [foreign])).toEqual(UPLOAD_FAILED);
      }
      // Next to the caller's own good upload, the whole post is refused.
      expect(await refusedWith(t, me.as, me.userId, [mine, theirPending])).toEqual(UPLOAD_FAILED);
      expect(await registryRow(t, theirPending.storageId)).toMatchObject({ userId: other.userId });
      expect((await registryRow(t, theirPending.storageId))?.projectId).toBeUndefined();
    });

    test("the same file twice", async () => {
      const t = newTest();
      const me = await createUser(t);
      const a = await uploadShot(t, me.as);
      const b = await uploadShot(t, me.as);
      for (const screenshots of [
        [a, a],
        [{ storageId: a.storageId, thumbnailStorageId: a.storageId }],
        [a, { storageId: b.storageId, thumbnailStorageId: a.thumbnailStorageId }],
        [a, { storageId: a.thumbnailStorageId, thumbnailStorageId: b.thumbnailStorageId }],
      ]) {
        expect(await refusedWith(t, me.as, me.userId, screenshots)).toEqual(UPLOAD_FAILED);
      }
    });

    test("a checked upload whose file is gone, or a registered file over the limits", async () => {
      const t = newTest();
      const me = await createUser(t);
      const gone = await uploadShot(t, me.as);
      await t.run((ctx) => ctx.storage.delete(gone.thumbnailStorageId));
      const error = await errorOf(me.as.mutation(api.projects.create, { ...form, screenshots: [gone] }));
      expect(error).toEqual(UPLOAD_FAILED);

      // Rows written without the byte check (say, by hand): the stored size still counts.
      const big = {
        storageId: await storeFile(t, pngBytes(5 * MB + 1), "image/png"),
        thumbnailStorageId: await storeFile(t, pngBytes(MB + 1), "image/png"),
      };
      await t.run(async (ctx) => {
        for (const storageId of [big.storageId, big.thumbnailStorageId])
          await ctx.db.insert("screenshotFiles", { storageId, userId: me.userId });
      });
      expect(await refusedWith(t, me.as, me.userId, [big])).toEqual(UPLOAD_FAILED);
      expect(await galleryIds(t)).toEqual([]);
    });
  });

  test("a refused post leaves the uploads pending, so the corrected post can use them", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await uploadShot(t, me.as);
    expect(await errorOf(me.as.mutation(api.projects.create, { ...form, title: "", screenshots: [shot] }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    const id = await me.as.mutation(api.projects.create, { ...form, screenshots: [shot] });
    expect(await registryRow(t, shot.storageId)).toMatchObject({ projectId: id });
    // The same upload cannot go into a second work.
    expect(await errorOf(me.as.mutation(api.projects.create, { ...form, screenshots: [shot] }))).toEqual(UPLOAD_FAILED);
  });
});

describe("projects.getForEdit", () => {
  test("the owner gets every field with the storage ids of the images", async () => {
    const t = newTest();
    const author = await createUser(t);
    const { id, screenshots } = await post(t, author.as, { tags: ["#AI"], isZeroCode: true }, 2);
    expect(await author.as.query(api.projects.getForEdit, { id })).toEqual({
      status: "ok",
      work: {
        _id: id,
        title: form.title,
        description: form.description,
        vibeDescription: form.vibeDescription,
        genre: "tool",
        demoUrl: form.demoUrl,
        demoVideoUrl: "",
        repositoryUrl: form.repositoryUrl,
        aiTools: ["Claude", "v0"],
        techStack: ["React"],
        tags: ["AI"],
        isZeroCode: true,
        hasShareCard: false,
        screenshots: screenshots.map((shot) => ({
          ...shot,
          url: expect.any(String) as string,
          thumbnailUrl: expect.any(String) as string,
        })),
      },
    });

    // What the edit form loads goes back to update unchanged, and nothing is lost.
    const loaded = await author.as.query(api.projects.getForEdit, { id });
    if (loaded.status !== "ok") throw new Error("expected the owner's work");
    const { _id, screenshots: shots, hasShareCard: _noCard, ...fields } = loaded.work;
    await author.as.mutation(api.projects.update, {
      id: _id,
      ...fields,
      screenshots: shots.map(({ storageId, thumbnailStorageId }) => ({ storageId, thumbnailStorageId })),
    });
    expect(await author.as.query(api.projects.getForEdit, { id })).toEqual(loaded);
    for (const shot of screenshots) expect(await fileExists(t, shot.thumbnailStorageId)).toBe(true);
  });

  test("forbidden for anyone else and for signed out; notFound for a malformed or deleted id", async () => {
    const t = newTest();
    const author = await createUser(t);
    const other = await createUser(t);
    const { id } = await post(t, author.as);
    expect(await other.as.query(api.projects.getForEdit, { id })).toEqual({ status: "forbidden" });
    expect(await t.query(api.projects.getForEdit, { id })).toEqual({ status: "forbidden" });
    expect(await author.as.query(api.projects.getForEdit, { id: "nope" })).toEqual({ status: "notFound" });
    expect(await author.as.query(api.projects.getForEdit, { id: author.userId })).toEqual({ status: "notFound" });
    await author.as.mutation(api.projects.remove, { id });
    expect(await author.as.query(api.projects.getForEdit, { id })).toEqual({ status: "notFound" });
  });
});

describe("projects.update", () => {
  test("the owner changes every field; images taken off are deleted, new ones join; derived data follows", async () => {
    const t = newTest();
    const author = await createUser(t);
    const { id, screenshots } = await post(t, author.as, {}, 2);
    const [kept, removed] = screenshots as [Shot, Shot];
    const created = shown(await t.query(api.projects.get, { id }));
    const before = { user: await t.run((ctx) => readUserStats(ctx, author.userId)), site: await t.query(api.projects.summary, {}) };
    const badgesBefore = (await sideEffects(t, author.userId)).notifications;

    vi.advanceTimersByTime(60_000);
    const added = await uploadShot(t, author.as);
    await author.as.mutation(
      api.projects.update,
      updateArgs(id, {
        title: " 天気アプリ ",
        description: "今日の天気を表示します",
        vibeDescription: "晴れやか",
        genre: "game",
        demoUrl: "https://example.com/tenki",
        demoVideoUrl: "https://youtu.be/tenki",
        repositoryUrl: "",
        aiTools: ["Cursor", " ChatGPT "],
        techStack: ["Vue", ""],
        tags: ["#天気"],
        screenshots: [added, kept],
      }),
    );

    const edited = shown(await t.query(api.projects.get, { id }));
    expect(edited).toMatchObject({
      title: "天気アプリ",
      description: "今日の天気を表示します",
      vibeDescription: "晴れやか",
      genre: "game",
      demoUrl: "https://example.com/tenki",
      demoVideoUrl: "https://youtu.be/tenki",
      repositoryUrl: null,
      aiTools: ["Cursor", "ChatGPT"],
      techStack: ["Vue"],
      tags: ["天気"],
      isZeroCode: false,
      featured: false,
      likesCount: 0,
      createdAt: created.createdAt,
    });
    expect(edited.updatedAt).toBeGreaterThan(created.updatedAt);
    expect(edited.screenshots).toHaveLength(2);
    const forEdit = await author.as.query(api.projects.getForEdit, { id });
    expect(
      forEdit.status === "ok" && forEdit.work.screenshots.map(({ storageId, thumbnailStorageId }) => ({ storageId, thumbnailStorageId })),
    ).toEqual([added, kept]);

    // The image taken off is gone from storage and the registry; the others belong to the work.
    for (const storageId of [removed.storageId, removed.thumbnailStorageId]) {
      expect(await fileExists(t, storageId)).toBe(false);
      expect(await registryRow(t, storageId)).toBeNull();
    }
    for (const shot of [kept, added]) {
      for (const storageId of [shot.storageId, shot.thumbnailStorageId]) {
        expect(await fileExists(t, storageId)).toBe(true);
        expect(await registryRow(t, storageId)).toMatchObject({ projectId: id });
      }
    }

    // Search, the AI-tool filter and the genre filter follow the edit.
    expect(await searchIds(t, "支出")).toEqual([]);
    expect(await searchIds(t, "家計簿")).toEqual([]);
    expect(await searchIds(t, "天気")).toEqual([id]);
    expect(await galleryIds(t, { aiTool: "Claude" })).toEqual([]);
    expect(await galleryIds(t, { aiTool: "v0" })).toEqual([]);
    expect(await galleryIds(t, { aiTool: "Cursor" })).toEqual([id]);
    expect(await galleryIds(t, { aiTool: "ChatGPT", genre: "game" })).toEqual([id]);
    expect(await galleryIds(t, { aiTool: "ChatGPT", genre: "tool" })).toEqual([]);
    expect(await galleryIds(t, { genre: "tool" })).toEqual([]);
    expect(await galleryIds(t, { genre: "game" })).toEqual([id]);
    const toolRows = await t.run((ctx) =>
      ctx.db
        .query("projectAiTools")
        .withIndex("by_projectId", (q) => q.eq("projectId", id))
        .take(10),
    );
    expect(toolRows.map((row) => [row.tool, row.genre]).sort()).toEqual([
      ["ChatGPT", "game"],
      ["Cursor", "game"],
    ]);

    // Counters and badges do not move; no second firstProject notification.
    const after = { user: await t.run((ctx) => readUserStats(ctx, author.userId)), site: await t.query(api.projects.summary, {}) };
    expect(after.user.projectsCount).toBe(before.user.projectsCount);
    expect(after.user.zeroCodeCount).toBe(before.user.zeroCodeCount);
    expect(after.site).toEqual(before.site);
    expect((await sideEffects(t, author.userId)).notifications).toEqual(badgesBefore);
  });

  test("keeping every image and sending them in a new order deletes nothing", async () => {
    const t = newTest();
    const author = await createUser(t);
    const { id, screenshots } = await post(t, author.as, {}, 3);
    await author.as.mutation(api.projects.update, updateArgs(id, { screenshots: [...screenshots].reverse() }));
    for (const shot of screenshots) {
      expect([await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)]).toEqual([true, true]);
    }
    const forEdit = await author.as.query(api.projects.getForEdit, { id });
    expect(forEdit.status === "ok" && forEdit.work.screenshots.map((s) => s.storageId)).toEqual(
      [...screenshots].reverse().map((s) => s.storageId),
    );
  });

  test("the zero-code declaration cannot change; sending the same value, or none, is fine", async () => {
    const t = newTest();
    const author = await createUser(t);
    const { id, screenshots } = await post(t, author.as, { isZeroCode: true });
    expect(await errorOf(author.as.mutation(api.projects.update, updateArgs(id, { screenshots, isZeroCode: false })))).toEqual(
      invalid("isZeroCode", "ゼロコード宣言は投稿後に変更できません"),
    );
    await author.as.mutation(api.projects.update, updateArgs(id, { screenshots, isZeroCode: true, title: "同じ値" }));
    const { isZeroCode: _omitted, ...withoutZeroCode } = updateArgs(id, { screenshots, title: "送らない" });
    await author.as.mutation(api.projects.update, withoutZeroCode);
    expect(await t.query(api.projects.get, { id })).toMatchObject({ isZeroCode: true, title: "送らない" });
    expect(await galleryIds(t, { zeroCode: true })).toEqual([id]);
    expect(await t.query(api.projects.summary, {})).toEqual({ total: 1, zeroCode: 1 });

    const plain = await post(t, author.as, { isZeroCode: false });
    expect(
      await errorOf(author.as.mutation(api.projects.update, updateArgs(plain.id, { screenshots: plain.screenshots, isZeroCode: true }))),
    ).toEqual(invalid("isZeroCode", "ゼロコード宣言は投稿後に変更できません"));
    expect(await t.query(api.projects.summary, {})).toEqual({ total: 2, zeroCode: 1 });
  });

  test("another user, a signed-out caller and a missing work are refused; nothing changes", async () => {
    const t = newTest();
    const author = await createUser(t);
    const other = await createUser(t);
    const { id, screenshots } = await post(t, author.as);
    const args = updateArgs(id, { screenshots, title: "乗っ取り" });
    expect(await errorOf(other.as.mutation(api.projects.update, args))).toEqual({
      code: "FORBIDDEN",
      message: "この作品を編集する権限がありません",
    });
    // Even with the other user's own fresh upload in place of the author's.
    const theirs = await uploadShot(t, other.as);
    expect(await errorOf(other.as.mutation(api.projects.update, updateArgs(id, { screenshots: [theirs] })))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(t.mutation(api.projects.update, args))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(shown(await t.query(api.projects.get, { id }))?.title).toBe(form.title);
    expect(await fileExists(t, screenshots[0]!.storageId)).toBe(true);

    await author.as.mutation(api.projects.remove, { id });
    expect(await errorOf(author.as.mutation(api.projects.update, args))).toEqual({
      code: "NOT_FOUND",
      message: "作品が見つかりません",
    });
  });

  test("the same rules as posting, with their messages; a refused edit changes nothing", async () => {
    const t = newTest();
    const author = await createUser(t);
    const { id, screenshots } = await post(t, author.as);
    const before = await t.query(api.projects.get, { id });
    const cases: Array<[Partial<Form>, string, string]> = [
      [{ title: "" }, "title", "タイトルは必須です"],
      [{ genre: "all" }, "genre", "ジャンルを選択してください"],
      [{ demoUrl: "" }, "demoUrl", "デモURLは必須です"],
      [{ repositoryUrl: "javascript:alert(1)" }, "repositoryUrl", "正しいURL形式で入力してください"],
      [{ aiTools: ["v0", "V0"] }, "aiTools", "このAIツールは既に追加されています"],
      [{ tags: Array.from({ length: 11 }, (_, i) => `#t${i}`) }, "tags", "タグは最大10個まで追加できます"],
    ];
    for (const [input, field, message] of cases) {
      expect(await errorOf(author.as.mutation(api.projects.update, updateArgs(id, { ...input, screenshots })))).toEqual(
        invalid(field, message),
      );
    }
    expect(await errorOf(author.as.mutation(api.projects.update, updateArgs(id, { screenshots: [] })))).toEqual(
      invalid("screenshots", "スクリーンショットを少なくとも1枚アップロードしてください"),
    );
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await uploadShot(t, author.as));
    expect(await errorOf(author.as.mutation(api.projects.update, updateArgs(id, { screenshots: [...screenshots, ...five] })))).toEqual(
      invalid("screenshots", "スクリーンショットは最大5枚まで追加できます"),
    );
    expect(await t.query(api.projects.get, { id })).toEqual(before);
    expect([await fileExists(t, screenshots[0]!.storageId), await fileExists(t, screenshots[0]!.thumbnailStorageId)]).toEqual([true, true]);
  });

  test("another work's screenshots cannot be kept or taken, nor unchecked or foreign uploads added", async () => {
    const t = newTest();
    const author = await createUser(t);
    const other = await createUser(t);
    const mine = await post(t, author.as);
    const myOther = await post(t, author.as, { title: "もう一つ" });
    const theirs = await post(t, other.as);
    const theirPending = await uploadShot(t, other.as);
    const unchecked = await storePair(t);
    const own = mine.screenshots[0]!;
    const mixed = { storageId: own.storageId, thumbnailStorageId: myOther.screenshots[0]!.thumbnailStorageId };
    const before = await sideEffects(t, author.userId);
    for (const foreign of [myOther.screenshots[0]!, theirs.screenshots[0]!, theirPending, unchecked, mixed, own]) {
      expect(await errorOf(author.as.mutation(api.projects.update, updateArgs(mine.id, { screenshots: [own, foreign] })))).toEqual(
        UPLOAD_FAILED,
      );
    }
    expect(await sideEffects(t, author.userId)).toEqual(before);
    for (const work of [mine, myOther, theirs]) {
      const shot = work.screenshots[0]!;
      expect([await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)]).toEqual([true, true]);
      expect(await registryRow(t, shot.storageId)).toMatchObject({ projectId: work.id });
    }
    expect(shown(await t.query(api.projects.get, { id: myOther.id }))?.screenshots).toHaveLength(1);
  });
});

describe("projects.remove and screenshot files", () => {
  test("deleting a posted work deletes its files and their registry rows, and nothing of other works", async () => {
    const t = newTest();
    const author = await createUser(t);
    const doomed = await post(t, author.as, {}, 2);
    const kept = await post(t, author.as, { title: "残る" });
    const pending = await uploadShot(t, author.as);
    await author.as.mutation(api.projects.remove, { id: doomed.id });
    for (const shot of doomed.screenshots) {
      for (const storageId of [shot.storageId, shot.thumbnailStorageId]) {
        expect(await fileExists(t, storageId)).toBe(false);
        expect(await registryRow(t, storageId)).toBeNull();
      }
    }
    for (const shot of [kept.screenshots[0]!, pending]) {
      expect([await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)]).toEqual([true, true]);
    }
    expect(await registryRow(t, kept.screenshots[0]!.storageId)).toMatchObject({ projectId: kept.id });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("a work written without the registry (the demo seed) still loses its files", async () => {
    const t = newTest();
    const author = await createUser(t);
    const shot = await storePair(t);
    const id = await createWork(t, author.userId, { screenshots: [shot] });
    expect(await registryRow(t, shot.storageId)).toMatchObject({ projectId: id });
    await author.as.mutation(api.projects.remove, { id });
    expect([await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)]).toEqual([false, false]);
    expect(await registryRow(t, shot.storageId)).toBeNull();
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });
});
