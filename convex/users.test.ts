import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { DEFAULT_USER_SETTINGS } from "./schema";
import { awardBadge } from "./model/badges";
import { addLike, recordView } from "./model/engagement";
import { insertProject } from "./model/projects";
import { fileExists, pngBytes, storeFile, svgBytes, textBytes } from "./model/storedFiles.testkit";
import { registryRow, uploadShot } from "./model/screenshots.testkit";
import { photoRow, uploadPhoto } from "./model/photos.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const MB = 1024 * 1024;

type Client = Awaited<ReturnType<typeof createUser>>["as"];

const setupInput = {
  handle: "taro_dev",
  displayName: "山田太郎",
  bio: "AIと一緒にWebアプリを作っています。よろしくお願いします！",
  location: "東京",
  websiteUrl: "https://taro.example.com",
  githubUrl: "https://github.com/taro",
  twitterUrl: "",
};
const editInput = { ...setupInput, photo: { kind: "keep" as const } };

const work = {
  title: "作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "webapp" as const,
  demoUrl: "https://example.com",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  isZeroCode: false,
  screenshots: [],
};

/** The `data` of the ConvexError a call rejects with. */

async function userDoc(t: TestConvex, userId: Id<"users">) {
  return await t.run((ctx) => ctx.db.get("users", userId));
}

async function completeSetup(as: Client, input: Partial<typeof setupInput> & { photoStorageId?: Id<"_storage"> } = {}) {
  await as.mutation(api.users.completeSetup, { ...setupInput, ...input });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("viewer", () => {
  test("null when signed out", async () => {
    const t = newTest();
    expect(await t.query(api.users.viewer, {})).toBeNull();
  });

  test("a new user sees their empty profile, Google values and the default settings", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t, { name: "山田花子", email: "hanako@example.com", image: "https://img.example/h.png" });
    const viewer = await as.query(api.users.viewer, {});
    expect(viewer).toEqual({
      _id: userId,
      handle: null,
      displayName: "山田花子",
      photoUrl: "https://img.example/h.png",
      hasUploadedPhoto: false,
      email: "hanako@example.com",
      bio: "",
      location: "",
      websiteUrl: "",
      githubUrl: "",
      twitterUrl: "",
      profileCompleted: false,
      settings: DEFAULT_USER_SETTINGS,
      joinedAt: expect.any(Number) as number,
      role: null,
      suspension: null,
    });
  });

  test("another user sees their own view, not the first user's", async () => {
    const t = newTest();
    const first = await createUser(t, { name: "一人目" });
    const second = await createUser(t, { name: "二人目" });
    expect((await second.as.query(api.users.viewer, {}))?._id).toBe(second.userId);
    expect((await first.as.query(api.users.viewer, {}))?.displayName).toBe("一人目");
  });
});

describe("checkHandle", () => {
  test("a free handle is available and comes back normalized; a visitor cannot ask", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    expect(await as.mutation(api.users.checkHandle, { handle: "Taro_Dev!" })).toEqual({
      available: true,
      handle: "taro_dev",
      message: null,
    });
    expect(await errorOf(t.mutation(api.users.checkHandle, { handle: "taro_dev" }))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("another user's handle is taken; the caller's own handle is not", async () => {
    const t = newTest();
    const owner = await createUser(t);
    const other = await createUser(t);
    await completeSetup(owner.as);
    const taken = { available: false, handle: "taro_dev", message: "このユーザーIDは既に使用されています" };
    expect(await other.as.mutation(api.users.checkHandle, { handle: "TARO_DEV" })).toEqual(taken);
    expect(await owner.as.mutation(api.users.checkHandle, { handle: "taro_dev" })).toEqual({
      available: true,
      handle: "taro_dev",
      message: null,
    });
  });

  test("rule failures come back with their message", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    const check = (handle: string) => as.mutation(api.users.checkHandle, { handle });
    expect(await check("")).toEqual({ available: false, handle: "", message: "ユーザーIDは必須です" });
    expect(await check("太郎")).toEqual({ available: false, handle: "", message: "英数字とアンダースコアのみ使用できます" });
    expect(await check("ab")).toEqual({ available: false, handle: "ab", message: "3文字以上で入力してください" });
    expect((await check("a".repeat(21))).message).toBe("20文字以内で入力してください");
    // Route names under /profile/ cannot be handles.
    expect(await check("setup")).toEqual({ available: false, handle: "setup", message: "このユーザーIDは既に使用されています" });
  });
});

describe("generatePhotoUploadUrl", () => {
  test("signed in gets an upload URL; signed out is refused", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    expect(await as.mutation(api.users.generatePhotoUploadUrl, {})).toMatch(/^https?:\/\//);
    expect(await errorOf(t.mutation(api.users.generatePhotoUploadUrl, {}))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
  });
});

describe("completeSetup", () => {
  test("saves the trimmed, normalized profile and marks it complete", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t);
    const photo = await uploadPhoto(t, as);
    await completeSetup(as, {
      handle: " Taro_Dev! ",
      displayName: " 山田太郎 ",
      location: " ",
      twitterUrl: " https://x.com/taro ",
      photoStorageId: photo,
    });
    const viewer = await as.query(api.users.viewer, {});
    expect(viewer).toMatchObject({
      handle: "taro_dev",
      displayName: "山田太郎",
      bio: setupInput.bio,
      location: "",
      websiteUrl: "https://taro.example.com",
      githubUrl: "https://github.com/taro",
      twitterUrl: "https://x.com/taro",
      profileCompleted: true,
      hasUploadedPhoto: true,
    });
    expect(viewer?.photoUrl).toMatch(/^https:\/\//);
    const doc = await userDoc(t, userId);
    expect(doc?.location).toBeUndefined();
    expect(doc?.photoStorageId).toBe(photo);
    expect(await photoRow(t, photo)).toMatchObject({ userId, inUse: true });
  });

  test("signed out is refused", async () => {
    const t = newTest();
    expect(await errorOf(t.mutation(api.users.completeSetup, setupInput))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
  });

  test("every setup message, each next to its field, the first one as the message", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t);
    expect(
      await errorOf(
        as.mutation(api.users.completeSetup, {
          handle: "",
          displayName: "",
          bio: "",
          location: "",
          websiteUrl: "example.com",
          githubUrl: "ftp://github.com/taro",
          twitterUrl: "javascript:alert(1)",
        }),
      ),
    ).toEqual({
      code: "INVALID_INPUT",
      message: "ユーザーIDは必須です",
      fields: {
        handle: "ユーザーIDは必須です",
        displayName: "表示名は必須です",
        bio: "自己紹介は必須です",
        githubUrl: "正しいURL形式で入力してください",
        twitterUrl: "正しいURL形式で入力してください",
        websiteUrl: "正しいURL形式で入力してください",
      },
    });

    const cases: Array<[Partial<typeof setupInput>, string, string]> = [
      [{ handle: "太郎" }, "handle", "英数字とアンダースコアのみ使用できます"],
      [{ handle: "ab" }, "handle", "3文字以上で入力してください"],
      [{ handle: "a".repeat(21) }, "handle", "20文字以内で入力してください"],
      [{ displayName: "   " }, "displayName", "表示名は必須です"],
      [{ displayName: "名".repeat(51) }, "displayName", "表示名は50文字以内で入力してください"],
      [{ bio: "" }, "bio", "自己紹介は必須です"],
      [{ bio: "あ".repeat(19) }, "bio", "自己紹介は20文字以上で入力してください"],
      [{ bio: "あ".repeat(201) }, "bio", "自己紹介は200文字以内で入力してください"],
      [{ location: "所".repeat(51) }, "location", "所在地は50文字以内で入力してください"],
      [{ websiteUrl: "taro.example.com" }, "websiteUrl", "正しいURL形式で入力してください"],
    ];
    for (const [input, field, message] of cases) {
      expect(await errorOf(completeSetup(as, input))).toEqual({ code: "INVALID_INPUT", message, fields: { [field]: message } });
    }
    // Nothing was saved by any refused attempt.
    expect(await userDoc(t, userId)).toMatchObject({ profileCompleted: false });
    expect((await userDoc(t, userId))?.handle).toBeUndefined();
  });

  test("two users racing for one handle: the second gets the taken message", async () => {
    const t = newTest();
    const first = await createUser(t);
    const second = await createUser(t);
    // convex-test runs mutations one at a time, as Convex's serializable transactions order them.
    await completeSetup(first.as, { handle: "Racer" });
    expect(await errorOf(completeSetup(second.as, { handle: "racer" }))).toEqual({
      code: "HANDLE_TAKEN",
      message: "このユーザーIDは既に使用されています",
      fields: { handle: "このユーザーIDは既に使用されています" },
    });
    expect((await userDoc(t, first.userId))?.handle).toBe("racer");
    expect(await userDoc(t, second.userId)).toMatchObject({ profileCompleted: false });
    expect((await userDoc(t, second.userId))?.handle).toBeUndefined();
    // Running setup again with one's own handle is fine.
    await completeSetup(first.as, { handle: "racer", displayName: "改名" });
    expect((await userDoc(t, first.userId))?.displayName).toBe("改名");
  });

  test("one user's setup changes only their own document", async () => {
    const t = newTest();
    const first = await createUser(t, { name: "一人目" });
    const second = await createUser(t, { name: "二人目" });
    const before = await userDoc(t, first.userId);
    await completeSetup(second.as);
    expect(await userDoc(t, first.userId)).toEqual(before);
  });

  test("only the caller's own checked upload is taken: unchecked, missing or someone else's is refused", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t);
    const other = await createUser(t);
    const failed = {
      code: "INVALID_IMAGE",
      message: "画像のアップロードに失敗しました",
      fields: { photo: "画像のアップロードに失敗しました" },
    };
    const refused = async (photoStorageId: Id<"_storage">) => await errorOf(completeSetup(as, { photoStorageId }));

    // Files that never went through checkPhotoUpload, whatever they are.
    for (const unchecked of [
      await storeFile(t, pngBytes(), "image/png"),
      await storeFile(t, pngBytes(5 * MB + 1), "image/png"),
      await storeFile(t, svgBytes(), "image/svg+xml"),
      await storeFile(t, textBytes()),
    ]) {
      expect(await refused(unchecked)).toEqual(failed);
      expect(await fileExists(t, unchecked)).toBe(true);
    }

    const gone = await uploadPhoto(t, as);
    await t.run((ctx) => ctx.storage.delete(gone));
    expect(await refused(gone)).toEqual(failed);

    // Another user's upload: checked but not saved yet, and saved as their photo.
    const theirPending = await uploadPhoto(t, other.as);
    const theirs = await uploadPhoto(t, other.as);
    await completeSetup(other.as, { handle: "other_user", photoStorageId: theirs });
    for (const file of [theirPending, theirs]) {
      expect(await refused(file)).toEqual(failed);
      expect(await fileExists(t, file)).toBe(true);
      expect(await photoRow(t, file)).toMatchObject({ userId: other.userId });
    }
    expect((await userDoc(t, userId))?.photoStorageId).toBeUndefined();
    expect((await userDoc(t, userId))?.profileCompleted).toBe(false);
  });
});

describe("checkPhotoUpload", () => {
  test("a real PNG passes, stays, and is registered to the caller (checking again is fine)", async () => {
    const t = newTest();
    const { userId, as } = await createUser(t);
    const png = await storeFile(t, pngBytes(), "image/png");
    expect(await as.action(api.users.checkPhotoUpload, { storageId: png })).toBeNull();
    expect(await fileExists(t, png)).toBe(true);
    expect(await photoRow(t, png)).toMatchObject({ userId, inUse: false });
    expect(await as.action(api.users.checkPhotoUpload, { storageId: png })).toBeNull();
  });

  test("refused files are deleted: oversize, SVG, and text that claims to be a PNG", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    const cases: Array<[Id<"_storage">, string]> = [
      [await storeFile(t, pngBytes(5 * MB + 1), "image/png"), "画像サイズは5MB以下にしてください"],
      [await storeFile(t, svgBytes(), "image/svg+xml"), "PNG、JPEG、GIF形式の画像を選択してください"],
      [await storeFile(t, textBytes(), "image/png"), "PNG、JPEG、GIF形式の画像を選択してください"],
      [await storeFile(t, textBytes()), "PNG、JPEG、GIF形式の画像を選択してください"],
    ];
    for (const [storageId, message] of cases) {
      expect(await errorOf(as.action(api.users.checkPhotoUpload, { storageId }))).toEqual({
        code: "INVALID_IMAGE",
        message,
      });
      expect(await fileExists(t, storageId)).toBe(false);
      expect(await photoRow(t, storageId)).toBeNull();
    }
  });

  test("someone else's photo or checked upload is refused but never deleted; signed out is refused", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    const other = await createUser(t);
    const theirs = await uploadPhoto(t, other.as);
    await completeSetup(other.as, { photoStorageId: theirs });
    const theirPending = await uploadPhoto(t, other.as);
    for (const storageId of [theirs, theirPending]) {
      expect(await errorOf(as.action(api.users.checkPhotoUpload, { storageId }))).toEqual({
        code: "INVALID_IMAGE",
        message: "画像のアップロードに失敗しました",
      });
      expect(await fileExists(t, storageId)).toBe(true);
      expect(await photoRow(t, storageId)).toMatchObject({ userId: other.userId });
    }

    const svg = await storeFile(t, svgBytes(), "image/svg+xml");
    expect(await errorOf(t.action(api.users.checkPhotoUpload, { storageId: svg }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
    expect(await fileExists(t, svg)).toBe(true);
  });
});

describe("updateProfile", () => {
  async function completedUser(t: TestConvex, profile: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, profile);
    await completeSetup(user.as);
    return user;
  }

  test("the new display name shows on the author's work cards at once", async () => {
    const t = newTest();
    const { userId, as } = await completedUser(t);
    await t.run((ctx) => insertProject(ctx, userId, work, Date.now()));
    expect((await t.query(api.home.overview, {})).topWorks[0]?.author.displayName).toBe("山田太郎");
    await as.mutation(api.users.updateProfile, { ...editInput, displayName: "新しい名前" });
    expect((await t.query(api.home.overview, {})).topWorks[0]?.author).toMatchObject({
      _id: userId,
      displayName: "新しい名前",
      handle: "taro_dev",
    });
  });

  test("changes only the caller's own document", async () => {
    const t = newTest();
    const me = await completedUser(t);
    const other = await createUser(t);
    await completeSetup(other.as, { handle: "other_user", displayName: "他人" });
    const before = await userDoc(t, other.userId);
    await me.as.mutation(api.users.updateProfile, { ...editInput, displayName: "自分だけ" });
    expect(await userDoc(t, other.userId)).toEqual(before);
    expect((await userDoc(t, me.userId))?.displayName).toBe("自分だけ");
  });

  test("signed out is refused", async () => {
    const t = newTest();
    expect(await errorOf(t.mutation(api.users.updateProfile, editInput))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
  });

  test("edit rules: bio only up to 200, display name required, links http(s)", async () => {
    const t = newTest();
    const { userId, as } = await completedUser(t);
    await as.mutation(api.users.updateProfile, { ...editInput, bio: "" });
    expect((await userDoc(t, userId))?.bio).toBeUndefined();
    const cases: Array<[Partial<typeof setupInput>, string, string]> = [
      [{ bio: "あ".repeat(201) }, "bio", "自己紹介は200文字以内で入力してください"],
      [{ displayName: "" }, "displayName", "表示名は必須です"],
      [{ githubUrl: "github.com/taro" }, "githubUrl", "正しいURL形式で入力してください"],
      [{ twitterUrl: "@taro" }, "twitterUrl", "正しいURL形式で入力してください"],
      [{ websiteUrl: "data:text/html,hi" }, "websiteUrl", "正しいURL形式で入力してください"],
      [{ handle: "ab" }, "handle", "3文字以上で入力してください"],
      [{ handle: "" }, "handle", "ユーザーIDは必須です"],
    ];
    for (const [input, field, message] of cases) {
      expect(await errorOf(as.mutation(api.users.updateProfile, { ...editInput, ...input }))).toEqual({
        code: "INVALID_INPUT",
        message,
        fields: { [field]: message },
      });
    }
  });

  test("the handle is re-checked only when it changed", async () => {
    const t = newTest();
    const owner = await completedUser(t);
    const other = await createUser(t);
    await completeSetup(other.as, { handle: "other_user" });
    // A legacy handle that today's rules would refuse is kept when unchanged.
    await t.run((ctx) => ctx.db.patch("users", owner.userId, { handle: "ab" }));
    await owner.as.mutation(api.users.updateProfile, { ...editInput, handle: "ab", displayName: "変更" });
    expect(await userDoc(t, owner.userId)).toMatchObject({ handle: "ab", displayName: "変更" });

    expect(await errorOf(owner.as.mutation(api.users.updateProfile, { ...editInput, handle: "Other_User" }))).toMatchObject({
      code: "HANDLE_TAKEN",
      message: "このユーザーIDは既に使用されています",
    });
    await owner.as.mutation(api.users.updateProfile, { ...editInput, handle: "New_Handle" });
    expect((await userDoc(t, owner.userId))?.handle).toBe("new_handle");
    // The old handle no longer leads anywhere; the new one leads to the owner.
    expect(await t.query(api.users.getProfile, { id: "ab" })).toBeNull();
    expect((await t.query(api.users.getProfile, { id: "new_handle" }))?._id).toBe(owner.userId);
  });

  test("photo: keep, replace (the old file is deleted), remove (deleted, Google's picture again)", async () => {
    const t = newTest();
    const { userId, as } = await completedUser(t, { image: "https://img.example/google.png" });
    const first = await uploadPhoto(t, as);
    await as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "upload", storageId: first } });
    expect((await userDoc(t, userId))?.photoStorageId).toBe(first);

    await as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "keep" } });
    expect((await userDoc(t, userId))?.photoStorageId).toBe(first);
    // Sending the current photo again is a keep, not a replace.
    await as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "upload", storageId: first } });
    expect(await fileExists(t, first)).toBe(true);

    const second = await uploadPhoto(t, as);
    await as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "upload", storageId: second } });
    expect((await userDoc(t, userId))?.photoStorageId).toBe(second);
    expect(await fileExists(t, first)).toBe(false);
    expect(await photoRow(t, first)).toBeNull();

    await as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "remove" } });
    expect((await userDoc(t, userId))?.photoStorageId).toBeUndefined();
    expect(await fileExists(t, second)).toBe(false);
    expect(await photoRow(t, second)).toBeNull();
    expect(await as.query(api.users.viewer, {})).toMatchObject({
      photoUrl: "https://img.example/google.png",
      hasUploadedPhoto: false,
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("a refused replacement (unchecked, or another user's upload) leaves the current photo in place", async () => {
    const t = newTest();
    const { userId, as } = await completedUser(t);
    const other = await createUser(t);
    const current = await uploadPhoto(t, as);
    await as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "upload", storageId: current } });
    const unchecked = await storeFile(t, pngBytes(), "image/png");
    const theirs = await uploadPhoto(t, other.as);
    for (const storageId of [unchecked, theirs]) {
      expect(await errorOf(as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "upload", storageId } }))).toMatchObject({
        message: "画像のアップロードに失敗しました",
        fields: { photo: "画像のアップロードに失敗しました" },
      });
      expect(await fileExists(t, storageId)).toBe(true);
    }
    expect((await userDoc(t, userId))?.photoStorageId).toBe(current);
    expect(await fileExists(t, current)).toBe(true);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });
});

describe("updateSettings", () => {
  const changed = {
    notifications: { likes: false, comments: true, follows: true, newProjects: false, email: true },
    emailNotifications: { comments: false },
    privacy: { profileVisibility: "private" as const, showEmail: true, showProjects: false, analyticsOptOut: true },
  };

  test("saves the whole object; it survives and does not touch other users", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    const other = await createUser(t);
    await as.mutation(api.users.updateSettings, { settings: changed });
    expect((await as.query(api.users.viewer, {}))?.settings).toEqual(changed);
    expect((await other.as.query(api.users.viewer, {}))?.settings).toEqual(DEFAULT_USER_SETTINGS);
  });

  test("signed out is refused; an unknown visibility is rejected by the validator", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    expect(await errorOf(t.mutation(api.users.updateSettings, { settings: changed }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "ログインが必要です",
    });
    const bad = { ...changed, privacy: { ...changed.privacy, profileVisibility: "friends" } };
    // @ts-expect-error deliberately not a visibility
    await expect(as.mutation(api.users.updateSettings, { settings: bad })).rejects.toThrow(/Validator|friends/);
  });
});

describe("getProfile", () => {
  async function profileOwner(t: TestConvex) {
    const owner = await createUser(t, { email: "secret@example.com" });
    await completeSetup(owner.as);
    const fan = await createUser(t);
    await t.run(async (ctx) => {
      const projectId = await insertProject(ctx, owner.userId, { ...work, isZeroCode: true }, Date.now());
      await addLike(ctx, fan.userId, projectId);
      await recordView(ctx, projectId, null);
      await awardBadge(ctx, owner.userId, "popularCreator");
    });
    return owner;
  }

  const setPrivacy = (as: Client, privacy: Partial<(typeof DEFAULT_USER_SETTINGS)["privacy"]>) =>
    as.mutation(api.users.updateSettings, {
      settings: { ...DEFAULT_USER_SETTINGS, privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...privacy } },
    });

  test("found by handle in any case or by id; null when there is no such user", async () => {
    const t = newTest();
    const owner = await profileOwner(t);
    expect((await t.query(api.users.getProfile, { id: "Taro_Dev" }))?._id).toBe(owner.userId);
    expect((await t.query(api.users.getProfile, { id: owner.userId }))?._id).toBe(owner.userId);
    expect(await t.query(api.users.getProfile, { id: "nobody" })).toBeNull();
    expect(await t.query(api.users.getProfile, { id: "" })).toBeNull();
  });

  test("a public profile shows details, stats and badges to a visitor, but never the e-mail", async () => {
    const t = newTest();
    const owner = await profileOwner(t);
    const visitor = await createUser(t);
    for (const caller of [t, visitor.as]) {
      const profile = await caller.query(api.users.getProfile, { id: "taro_dev" });
      expect(profile).toMatchObject({
        _id: owner.userId,
        handle: "taro_dev",
        displayName: "山田太郎",
        isPrivate: false,
        isOwner: false,
        bio: setupInput.bio,
        location: "東京",
        websiteUrl: "https://taro.example.com",
        githubUrl: "https://github.com/taro",
        twitterUrl: "",
        stats: { projectsCount: 1, zeroCodeCount: 1, totalLikes: 1, totalViews: 1 },
        showProjects: true,
      });
      expect(profile?.badges?.map((b) => b.badgeId).sort()).toEqual(["firstProject", "popularCreator"]);
      expect(profile?.badges?.[0]).toMatchObject({ name: expect.any(String) as string, awardedAt: expect.any(Number) as number });
      expect(profile).not.toHaveProperty("email");
      expect(profile).not.toHaveProperty("settings");
      expect(JSON.stringify(profile)).not.toContain("secret@example.com");
    }
  });

  test("the owner sees everything, including their e-mail", async () => {
    const t = newTest();
    const owner = await profileOwner(t);
    await setPrivacy(owner.as, { profileVisibility: "private", showProjects: false });
    expect(await owner.as.query(api.users.getProfile, { id: "taro_dev" })).toMatchObject({
      isOwner: true,
      isPrivate: true,
      bio: setupInput.bio,
      showProjects: true,
      email: "secret@example.com",
    });
  });

  test("a private profile shows only avatar and name to others", async () => {
    const t = newTest();
    const owner = await profileOwner(t);
    const visitor = await createUser(t);
    await setPrivacy(owner.as, { profileVisibility: "private", showEmail: true });
    const onlyAvatarAndName = {
      _id: owner.userId,
      handle: null,
      displayName: "山田太郎",
      photoUrl: null,
      isPrivate: true,
      isOwner: false,
      suspended: null,
    };
    expect(await t.query(api.users.getProfile, { id: "taro_dev" })).toEqual(onlyAvatarAndName);
    // A signed-in user also learns whether they follow them (a follow from before can be undone).
    expect(await visitor.as.query(api.users.getProfile, { id: "taro_dev" })).toEqual({ ...onlyAvatarAndName, viewerFollows: false });
    expect(await owner.as.query(api.users.getProfile, { id: "taro_dev" })).toMatchObject({ handle: "taro_dev", isOwner: true });
  });

  test("showProjects off is reported to others; showEmail on lets the e-mail through", async () => {
    const t = newTest();
    const owner = await profileOwner(t);
    const visitor = await createUser(t);
    await setPrivacy(owner.as, { showProjects: false });
    expect(await visitor.as.query(api.users.getProfile, { id: "taro_dev" })).toMatchObject({ showProjects: false });
    expect(await visitor.as.query(api.users.getProfile, { id: "taro_dev" })).not.toHaveProperty("email");
    await setPrivacy(owner.as, { showEmail: true });
    expect(await visitor.as.query(api.users.getProfile, { id: "taro_dev" })).toMatchObject({
      showProjects: true,
      email: "secret@example.com",
    });
  });
});

describe("a screenshot never becomes a profile photo", () => {
  /** The caller's pending upload, another user's pending upload and a posted work's image. */
  async function screenshotFiles(t: TestConvex, me: Client, other: Client) {
    const minePending = await uploadShot(t, me);
    const theirPending = await uploadShot(t, other);
    const postedShot = await uploadShot(t, me);
    await me.mutation(api.projects.create, {
      ...work,
      demoVideoUrl: "",
      repositoryUrl: "",
      screenshots: [postedShot],
    });
    return [minePending.storageId, minePending.thumbnailStorageId, theirPending.storageId, postedShot.thumbnailStorageId];
  }

  test("checkPhotoUpload refuses it and leaves the file alone", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    for (const storageId of await screenshotFiles(t, me.as, other.as)) {
      expect(await errorOf(me.as.action(api.users.checkPhotoUpload, { storageId }))).toEqual({
        code: "INVALID_IMAGE",
        message: "画像のアップロードに失敗しました",
      });
      expect(await fileExists(t, storageId)).toBe(true);
      expect(await registryRow(t, storageId)).not.toBeNull();
    }
  });

  test("completeSetup and updateProfile refuse it; the profile keeps its photo", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const files = await screenshotFiles(t, me.as, other.as);
    const refused = {
      code: "INVALID_IMAGE",
      message: "画像のアップロードに失敗しました",
      fields: { photo: "画像のアップロードに失敗しました" },
    };
    for (const photoStorageId of files) {
      expect(await errorOf(completeSetup(me.as, { photoStorageId }))).toEqual(refused);
    }
    expect((await userDoc(t, me.userId))?.profileCompleted).toBe(false);

    const photo = await uploadPhoto(t, me.as);
    await completeSetup(me.as, { photoStorageId: photo });
    for (const storageId of files) {
      expect(await errorOf(me.as.mutation(api.users.updateProfile, { ...editInput, photo: { kind: "upload", storageId } }))).toEqual(
        refused,
      );
      expect(await fileExists(t, storageId)).toBe(true);
    }
    expect((await userDoc(t, me.userId))?.photoStorageId).toBe(photo);
    expect(await fileExists(t, photo)).toBe(true);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });
});
