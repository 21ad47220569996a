// Own uploads only (docs/decisions.md "Uploads"): every uploaded file is registered to its uploader
// (screenshots in screenshotFiles, profile photos in photoFiles); a user can use only their own
// checked uploads, deleting an account deletes only that account's files, unused uploads are swept
// after a day, and upload URLs are rate limited per user.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { UPLOAD_URL_RATE_LIMITS } from "./model/rateLimits";
import { photoRow, uploadPhoto } from "./model/photos.testkit";
import { registryRow, uploadShot, type Shot } from "./model/screenshots.testkit";
import { fileExists } from "./model/storedFiles.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const HOUR = 60 * 60 * 1000;

type Client = Awaited<ReturnType<typeof createUser>>["as"];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const profile = {
  handle: "user_b",
  displayName: "ユーザーB",
  bio: "AIと一緒にWebアプリを作っています。よろしくお願いします！",
  location: "",
  websiteUrl: "",
  githubUrl: "",
  twitterUrl: "",
};
const work = {
  title: "作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "webapp" as const,
  demoUrl: "https://example.com",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  isZeroCode: false,
};

const PHOTO_REFUSED = {
  code: "INVALID_IMAGE",
  message: "画像のアップロードに失敗しました",
  fields: { photo: "画像のアップロードに失敗しました" },
};
const SCREENSHOTS_REFUSED = {
  code: "INVALID_IMAGE",
  message: "画像のアップロードに失敗しました",
  fields: { screenshots: "画像のアップロードに失敗しました" },
};

const userDoc = (t: TestConvex, userId: Id<"users">) => t.run((ctx) => ctx.db.get("users", userId));
const shotFiles = (shot: Shot) => [shot.storageId, shot.thumbnailStorageId];

/** What user A has uploaded and not yet used: a checked photo and a checked screenshot pair. */
async function pendingUploadsOf(t: TestConvex, as: Client) {
  return { photo: await uploadPhoto(t, as), shot: await uploadShot(t, as) };
}

describe("B cannot use A's uploads in any profile or work field", () => {
  test("profile photo in setup and edit: refused, and A's file and registration stay", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const { photo, shot } = await pendingUploadsOf(t, a.as);
    const savedPhoto = await uploadPhoto(t, a.as);
    await a.as.mutation(api.users.completeSetup, { ...profile, handle: "user_a", photoStorageId: savedPhoto });

    for (const storageId of [photo, savedPhoto, ...shotFiles(shot)]) {
      expect(await errorOf(b.as.mutation(api.users.completeSetup, { ...profile, photoStorageId: storageId }))).toEqual(PHOTO_REFUSED);
    }
    await b.as.mutation(api.users.completeSetup, profile);
    for (const storageId of [photo, savedPhoto, ...shotFiles(shot)]) {
      expect(await errorOf(b.as.mutation(api.users.updateProfile, { ...profile, photo: { kind: "upload", storageId } }))).toEqual(
        PHOTO_REFUSED,
      );
      // Checking it as B's own upload is refused too, and never deletes it.
      expect(await errorOf(b.as.action(api.users.checkPhotoUpload, { storageId }))).toMatchObject({ code: "INVALID_IMAGE" });
      expect(await fileExists(t, storageId)).toBe(true);
    }
    expect((await userDoc(t, b.userId))?.photoStorageId).toBeUndefined();
    expect(await photoRow(t, photo)).toMatchObject({ userId: a.userId, inUse: false });
    expect(await photoRow(t, savedPhoto)).toMatchObject({ userId: a.userId, inUse: true });

    // A can still use their own upload.
    await a.as.mutation(api.users.updateProfile, { ...profile, handle: "user_a", photo: { kind: "upload", storageId: photo } });
    expect((await userDoc(t, a.userId))?.photoStorageId).toBe(photo);
  });

  test("screenshots in posting and editing a work: refused, and A's files stay A's", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const { photo, shot } = await pendingUploadsOf(t, a.as);
    const bShot = await uploadShot(t, b.as);
    const bWork = await b.as.mutation(api.projects.create, { ...work, screenshots: [bShot] });

    const foreign: Shot[] = [
      shot,
      // Mixed with B's own file, and A's photo as either file of a pair.
      { storageId: shot.storageId, thumbnailStorageId: bShot.thumbnailStorageId },
      { storageId: photo, thumbnailStorageId: shot.thumbnailStorageId },
    ];
    for (const screenshots of foreign) {
      expect(await errorOf(b.as.mutation(api.projects.create, { ...work, screenshots: [screenshots] }))).toEqual(SCREENSHOTS_REFUSED);
      expect(await errorOf(b.as.mutation(api.projects.update, { id: bWork, ...work, screenshots: [bShot, screenshots] }))).toEqual(
        SCREENSHOTS_REFUSED,
      );
    }
    // B's photo check cannot turn A's screenshot into B's photo, nor B's screenshot check A's photo.
    expect(await errorOf(b.as.action(api.screenshots.checkUpload, { storageId: photo, thumbnailStorageId: shot.storageId }))).toEqual(
      SCREENSHOTS_REFUSED,
    );
    for (const storageId of [photo, ...shotFiles(shot)]) expect(await fileExists(t, storageId)).toBe(true);
    expect(await registryRow(t, shot.storageId)).toMatchObject({ userId: a.userId });
    expect((await registryRow(t, shot.storageId))?.projectId).toBeUndefined();
    expect(await registryRow(t, photo)).toBeNull();

    // A posts their own pair as usual.
    const aWork = await a.as.mutation(api.projects.create, { ...work, screenshots: [shot] });
    expect(await registryRow(t, shot.storageId)).toMatchObject({ userId: a.userId, projectId: aWork });
  });
});

describe("deleting an account deletes only its own files", () => {
  test("B tried to take A's uploads, then deleted the account: A's files are untouched, B's are gone", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const aPending = await pendingUploadsOf(t, a.as);
    const aPhoto = await uploadPhoto(t, a.as);
    await a.as.mutation(api.users.completeSetup, { ...profile, handle: "user_a", photoStorageId: aPhoto });

    // B tries to take A's unsaved photo (the report), and has uploads of their own.
    expect(await errorOf(b.as.mutation(api.users.completeSetup, { ...profile, photoStorageId: aPending.photo }))).toEqual(PHOTO_REFUSED);
    const bPhoto = await uploadPhoto(t, b.as);
    await b.as.mutation(api.users.completeSetup, { ...profile, photoStorageId: bPhoto });
    const bPending = await pendingUploadsOf(t, b.as);

    await b.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    for (const storageId of [bPhoto, bPending.photo, ...shotFiles(bPending.shot)]) {
      expect(await fileExists(t, storageId)).toBe(false);
    }
    expect(await photoRow(t, bPhoto)).toBeNull();
    expect(await photoRow(t, bPending.photo)).toBeNull();
    for (const storageId of [aPhoto, aPending.photo, ...shotFiles(aPending.shot)]) {
      expect(await fileExists(t, storageId)).toBe(true);
    }
    expect(await photoRow(t, aPending.photo)).toMatchObject({ userId: a.userId });
    await a.as.mutation(api.users.updateProfile, {
      ...profile,
      handle: "user_a",
      photo: { kind: "upload", storageId: aPending.photo },
    });
    expect((await userDoc(t, a.userId))?.photoStorageId).toBe(aPending.photo);
  });

  test("a photo on the profile that is registered to another user is never deleted with the account", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const aUpload = await uploadPhoto(t, a.as);
    // How the old bug left things: B's profile points at A's file.
    await t.run((ctx) => ctx.db.patch("users", b.userId, { photoStorageId: aUpload }));
    await b.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await fileExists(t, aUpload)).toBe(true);
    expect(await photoRow(t, aUpload)).toMatchObject({ userId: a.userId });
  });
});

describe("unused photo uploads are swept after a day", () => {
  test("unused ones go (file and registration); used ones, and younger ones, stay", async () => {
    const t = newTest();
    const a = await createUser(t);
    const b = await createUser(t);
    const used = await uploadPhoto(t, a.as);
    await a.as.mutation(api.users.completeSetup, { ...profile, handle: "user_a", photoStorageId: used });
    const abandoned = [await uploadPhoto(t, a.as), await uploadPhoto(t, b.as)];
    vi.advanceTimersByTime(12 * HOUR);
    const younger = await uploadPhoto(t, b.as);

    // Half a day: nothing goes yet.
    await t.mutation(internal.users.sweepPhotoUploads, {});
    for (const storageId of [used, ...abandoned, younger]) expect(await fileExists(t, storageId)).toBe(true);

    vi.advanceTimersByTime(12 * HOUR + 1);
    await t.mutation(internal.users.sweepPhotoUploads, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    for (const storageId of abandoned) {
      expect(await fileExists(t, storageId)).toBe(false);
      expect(await photoRow(t, storageId)).toBeNull();
    }
    expect(await fileExists(t, used)).toBe(true);
    expect(await photoRow(t, used)).toMatchObject({ userId: a.userId, inUse: true });
    expect((await userDoc(t, a.userId))?.photoStorageId).toBe(used);
    expect(await fileExists(t, younger)).toBe(true);
    // A swept upload can no longer be saved.
    expect(
      await errorOf(
        a.as.mutation(api.users.updateProfile, { ...profile, handle: "user_a", photo: { kind: "upload", storageId: abandoned[0]! } }),
      ),
    ).toEqual(PHOTO_REFUSED);

    vi.advanceTimersByTime(12 * HOUR);
    await t.mutation(internal.users.sweepPhotoUploads, {});
    expect(await fileExists(t, younger)).toBe(false);
    expect(await fileExists(t, used)).toBe(true);
  });

  test("more than one batch: the sweep reschedules itself until none are left", async () => {
    const t = newTest();
    const a = await createUser(t);
    const files: Id<"_storage">[] = [];
    for (let i = 0; i < 105; i++) {
      const storageId = await t.run((ctx) => ctx.storage.store(new Blob(["x"])));
      await t.run((ctx) => ctx.db.insert("photoFiles", { storageId, userId: a.userId, inUse: false }));
      files.push(storageId);
    }
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.users.sweepPhotoUploads, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    for (const storageId of [files[0]!, files[104]!]) expect(await fileExists(t, storageId)).toBe(false);
    expect(await t.run((ctx) => ctx.db.query("photoFiles").take(1))).toEqual([]);
  });
});

describe("upload URLs are rate limited per user", () => {
  const URL = /^https?:\/\//;
  // What each call hands back: one URL, or a screenshot's pair.
  const URL_ANSWERS = {
    screenshotUpload: { original: expect.stringMatching(URL), thumbnail: expect.stringMatching(URL) } as unknown,
    shareCardUploadUrl: expect.stringMatching(URL),
    photoUploadUrl: expect.stringMatching(URL),
  };
  for (const [fn, name] of [
    [api.screenshots.generateUploadUrls, "screenshotUpload"],
    [api.screenshots.generateShareCardUploadUrl, "shareCardUploadUrl"],
    [api.users.generatePhotoUploadUrl, "photoUploadUrl"],
  ] as const) {
    test(`${name}: the (n+1)th is refused in Japanese, then allowed again after the refill`, async () => {
      const t = newTest();
      const me = await createUser(t);
      const other = await createUser(t);
      const limit = UPLOAD_URL_RATE_LIMITS[name];
      const answer = URL_ANSWERS[name];
      for (let i = 0; i < limit.capacity; i++) expect(await me.as.mutation(fn, {})).toEqual(answer);
      const refusal = await errorOf(me.as.mutation(fn, {}));
      expect(refusal).toMatchObject({ code: "RATE_LIMITED", retryAfterMs: expect.any(Number) as unknown });
      expect((refusal as { message: string }).message).toMatch(/^操作が多すぎます。(?:\d+秒|約\d+分|約\d+時間)後にもう一度お試しください$/);
      // Someone else is not held up.
      expect(await other.as.mutation(fn, {})).toEqual(answer);
      vi.advanceTimersByTime(Math.ceil(limit.period / limit.rate));
      expect(await me.as.mutation(fn, {})).toEqual(answer);
      expect(await errorOf(me.as.mutation(fn, {}))).toMatchObject({ code: "RATE_LIMITED" });
      // After the whole period the full allowance is back.
      vi.advanceTimersByTime(limit.period);
      for (let i = 0; i < limit.capacity; i++) await me.as.mutation(fn, {});
    });
  }
});
