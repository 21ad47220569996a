import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { DRAFTS_MAX } from "./model/drafts";
import { fileExists } from "./model/storedFiles.testkit";
import { registryRow, uploadShot, type Shot } from "./model/screenshots.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const HOUR = 60 * 60 * 1000;
const NOT_FOUND = { code: "NOT_FOUND", message: "下書きが見つかりません" };
const UPLOAD_FAILED = {
  code: "INVALID_IMAGE",
  message: "画像のアップロードに失敗しました",
  fields: { screenshots: "画像のアップロードに失敗しました" },
};

const empty = {
  title: "",
  description: "",
  vibeDescription: "",
  genre: "",
  demoUrl: "",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: [] as string[],
  techStack: [] as string[],
  tags: [] as string[],
  isZeroCode: false,
  screenshots: [] as Shot[],
};

const complete = {
  ...empty,
  title: "作品",
  description: "説明",
  vibeDescription: "長いVibeの話\n".repeat(100),
  genre: "game",
  demoUrl: "https://example.com",
  aiTools: ["Claude"],
};

const bothExist = async (t: TestConvex, shot: Shot) => [await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("save and get", () => {
  test("an unfinished draft saves, is read back as typed and listed only for its author", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const shot = await uploadShot(t, me.as);
    const id = await me.as.mutation(api.drafts.save, {
      ...empty,
      title: "  書きかけ ",
      demoUrl: "https://exa",
      screenshots: [shot],
    });

    const draft = await me.as.query(api.drafts.get, { id });
    expect(draft?.values).toMatchObject({
      title: "書きかけ",
      demoUrl: "https://exa",
      description: "",
    });
    expect(draft?.screenshots).toEqual([expect.objectContaining({ ...shot, url: expect.any(String) })]);
    expect(await me.as.query(api.drafts.mine, {})).toEqual([
      expect.objectContaining({
        _id: id,
        title: "書きかけ",
        screenshotCount: 1,
        thumbnailUrl: expect.any(String),
      }),
    ]);

    // Nobody else sees it, nor learns it exists.
    expect(await other.as.query(api.drafts.get, { id })).toBeNull();
    expect(await other.as.query(api.drafts.mine, {})).toEqual([]);
    expect(await t.query(api.drafts.get, { id })).toBeNull();
    expect(await t.query(api.drafts.mine, {})).toEqual([]);
    expect(await me.as.query(api.drafts.get, { id: "nonsense" })).toBeNull();
  });

  test("saving again updates the same draft; the newest comes first", async () => {
    const t = newTest();
    const me = await createUser(t);
    const first = await me.as.mutation(api.drafts.save, {
      ...empty,
      title: "一つめ",
    });
    vi.advanceTimersByTime(1000);
    const second = await me.as.mutation(api.drafts.save, {
      ...empty,
      title: "二つめ",
    });
    vi.advanceTimersByTime(1000);
    expect(
      await me.as.mutation(api.drafts.save, {
        ...complete,
        id: first,
        title: "一つめ（続き）",
      }),
    ).toBe(first);
    expect((await me.as.query(api.drafts.mine, {})).map((draft) => [draft._id, draft.title])).toEqual([
      [first, "一つめ（続き）"],
      [second, "二つめ"],
    ]);
    expect((await me.as.query(api.drafts.get, { id: first }))?.values.vibeDescription).toBe(complete.vibeDescription.trim());
  });

  test("signed out is refused with the posting message", async () => {
    const t = newTest();
    expect(await errorOf(t.mutation(api.drafts.save, empty))).toMatchObject({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
  });

  test("another user's draft can be neither saved over nor discarded; it stays as it was", async () => {
    const t = newTest();
    const owner = await createUser(t);
    const other = await createUser(t);
    const id = await owner.as.mutation(api.drafts.save, {
      ...empty,
      title: "持ち主の下書き",
    });
    expect(await errorOf(other.as.mutation(api.drafts.save, { ...empty, id, title: "乗っ取り" }))).toEqual(NOT_FOUND);
    expect(await errorOf(other.as.mutation(api.drafts.discard, { id }))).toEqual(NOT_FOUND);
    expect((await owner.as.query(api.drafts.get, { id }))?.values.title).toBe("持ち主の下書き");
  });

  test("too long text, too many tags or images are refused with the form's messages; nothing is saved", async () => {
    const t = newTest();
    const me = await createUser(t);
    expect(await errorOf(me.as.mutation(api.drafts.save, { ...empty, title: "あ".repeat(101) }))).toEqual({
      code: "INVALID_INPUT",
      message: "タイトルは100文字以内で入力してください",
      fields: { title: "タイトルは100文字以内で入力してください" },
    });
    expect(
      await errorOf(
        me.as.mutation(api.drafts.save, {
          ...empty,
          vibeDescription: "あ".repeat(2001),
        }),
      ),
    ).toMatchObject({
      fields: { vibeDescription: "Vibeの説明は2000文字以内で入力してください" },
    });
    expect(
      await errorOf(
        me.as.mutation(api.drafts.save, {
          ...empty,
          tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
        }),
      ),
    ).toMatchObject({
      code: "INVALID_INPUT",
    });
    const shots = [];
    for (let i = 0; i < 6; i++) shots.push(await uploadShot(t, me.as));
    expect(await errorOf(me.as.mutation(api.drafts.save, { ...empty, screenshots: shots }))).toMatchObject({
      fields: { screenshots: "スクリーンショットは最大5枚まで追加できます" },
    });
    expect(await me.as.query(api.drafts.mine, {})).toEqual([]);
  });

  test("images must be the caller's own checked uploads that no work or other draft holds", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const theirs = await uploadShot(t, other.as);
    expect(await errorOf(me.as.mutation(api.drafts.save, { ...empty, screenshots: [theirs] }))).toEqual(UPLOAD_FAILED);
    const posted = await uploadShot(t, me.as);
    await me.as.mutation(api.projects.create, {
      ...complete,
      screenshots: [posted],
    });
    expect(await errorOf(me.as.mutation(api.drafts.save, { ...empty, screenshots: [posted] }))).toEqual(UPLOAD_FAILED);
    const shot = await uploadShot(t, me.as);
    await me.as.mutation(api.drafts.save, { ...empty, screenshots: [shot] });
    expect(await errorOf(me.as.mutation(api.drafts.save, { ...empty, screenshots: [shot] }))).toEqual(UPLOAD_FAILED);
  });

  test(`at most ${DRAFTS_MAX} drafts per person, with a clear message; saving an existing one still works`, async () => {
    const t = newTest();
    const me = await createUser(t);
    const ids: Id<"drafts">[] = [];
    for (let i = 0; i < DRAFTS_MAX; i++)
      ids.push(
        await me.as.mutation(api.drafts.save, {
          ...empty,
          title: `下書き${i}`,
        }),
      );
    expect(await errorOf(me.as.mutation(api.drafts.save, empty))).toEqual({
      code: "TOO_MANY_DRAFTS",
      message: "下書きは20件まで保存できます。不要な下書きを削除してください",
    });
    await me.as.mutation(api.drafts.save, {
      ...empty,
      id: ids[0],
      title: "更新",
    });
    await me.as.mutation(api.drafts.discard, { id: ids[1]! });
    await me.as.mutation(api.drafts.save, empty);
    expect(await me.as.query(api.drafts.mine, {})).toHaveLength(DRAFTS_MAX);
  });
});

describe("images of a draft", () => {
  test("are not swept while the draft exists; one taken out of the draft is swept as usual", async () => {
    const t = newTest();
    const me = await createUser(t);
    const kept = await uploadShot(t, me.as);
    const dropped = await uploadShot(t, me.as);
    const id = await me.as.mutation(api.drafts.save, {
      ...empty,
      screenshots: [kept, dropped],
    });
    vi.advanceTimersByTime(3 * 24 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    expect(await bothExist(t, kept)).toEqual([true, true]);
    expect(await bothExist(t, dropped)).toEqual([true, true]);

    await me.as.mutation(api.drafts.save, {
      ...empty,
      id,
      screenshots: [kept],
    });
    await t.mutation(internal.screenshots.sweepPending, {});
    expect(await bothExist(t, kept)).toEqual([true, true]);
    expect(await bothExist(t, dropped)).toEqual([false, false]);
    expect((await me.as.query(api.drafts.get, { id }))?.screenshots.map((shot) => shot.storageId)).toEqual([kept.storageId]);
  });

  test("discarding deletes the draft and its images", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await uploadShot(t, me.as);
    const id = await me.as.mutation(api.drafts.save, {
      ...complete,
      screenshots: [shot],
    });
    await me.as.mutation(api.drafts.discard, { id });
    expect(await me.as.query(api.drafts.get, { id })).toBeNull();
    expect(await me.as.query(api.drafts.mine, {})).toEqual([]);
    expect(await bothExist(t, shot)).toEqual([false, false]);
    expect(await registryRow(t, shot.storageId)).toBeNull();
    expect(await errorOf(me.as.mutation(api.drafts.discard, { id }))).toEqual(NOT_FOUND);
  });

  test("deleting the account deletes the drafts and their images", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await uploadShot(t, me.as);
    await me.as.mutation(api.drafts.save, { ...complete, screenshots: [shot] });
    await me.as.mutation(api.account.deleteAccount, {
      confirmation: "DELETE MY ACCOUNT",
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await t.run(async (ctx) => await ctx.db.query("drafts").take(10))).toEqual([]);
    expect(await bothExist(t, shot)).toEqual([false, false]);
  });
});

describe("posting from a draft", () => {
  test("the work takes the draft's images, the draft is gone, images left out are swept later", async () => {
    const t = newTest();
    const me = await createUser(t);
    const posted = await uploadShot(t, me.as);
    const leftOut = await uploadShot(t, me.as);
    const id = await me.as.mutation(api.drafts.save, {
      ...complete,
      screenshots: [posted, leftOut],
    });
    const work = await me.as.mutation(api.projects.create, {
      ...complete,
      screenshots: [posted],
      draftId: id,
    });
    expect(await me.as.query(api.drafts.get, { id })).toBeNull();
    expect(await me.as.query(api.drafts.mine, {})).toEqual([]);
    expect(await registryRow(t, posted.storageId)).toMatchObject({
      projectId: work,
    });
    expect((await registryRow(t, posted.storageId))?.draftId).toBeUndefined();

    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    expect(await bothExist(t, posted)).toEqual([true, true]);
    expect(await bothExist(t, leftOut)).toEqual([false, false]);
  });

  test("another user's draft id is ignored: their draft stays", async () => {
    const t = newTest();
    const owner = await createUser(t);
    const other = await createUser(t);
    const id = await owner.as.mutation(api.drafts.save, {
      ...empty,
      title: "持ち主",
    });
    const shot = await uploadShot(t, other.as);
    await other.as.mutation(api.projects.create, {
      ...complete,
      screenshots: [shot],
      draftId: id,
    });
    expect(await owner.as.query(api.drafts.get, { id })).not.toBeNull();
  });
});
