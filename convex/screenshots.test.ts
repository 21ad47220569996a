import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { shown } from "./model/works.testkit";
import crons from "./crons";
import { fileExists, pngBytes, storeFile, svgBytes, textBytes } from "./model/storedFiles.testkit";
import { realGif, realJpeg, realPng, realWebp, registryRow, storePair, uploadShot, type Shot } from "./model/screenshots.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

const UPLOAD_FAILED = {
  code: "INVALID_IMAGE",
  message: "画像のアップロードに失敗しました",
  fields: { screenshots: "画像のアップロードに失敗しました" },
};
const refusal = (message: string) => ({ code: "INVALID_IMAGE", message, fields: { screenshots: message } });
const TOO_LARGE = refusal("画像サイズは5MB以下にしてください");
const WRONG_TYPE = refusal("PNG、JPEG、GIF形式の画像を選択してください");

const workFields = {
  title: "作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "game",
  demoUrl: "https://example.com",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: ["Claude"],
  techStack: [],
  tags: [],
  isZeroCode: false,
};

async function pendingRows(t: TestConvex) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("screenshotFiles")
        .withIndex("by_projectId", (q) => q.eq("projectId", undefined))
        .take(1000),
  );
}

const bothExist = async (t: TestConvex, shot: Shot) => [await fileExists(t, shot.storageId), await fileExists(t, shot.thumbnailStorageId)];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("generateUploadUrls", () => {
  const URL = /^https?:\/\//;
  const RATE_LIMITED = {
    code: "RATE_LIMITED",
    message: expect.stringMatching(/^操作が多すぎます。(?:\d+秒|約\d+分|約\d+時間)後にもう一度お試しください$/) as unknown,
    retryAfterMs: expect.any(Number) as unknown,
  };

  /** What the wizard does for one picked image: two URLs from one call, the upload, the check. */
  async function pickImage(t: TestConvex, as: Awaited<ReturnType<typeof createUser>>["as"]): Promise<Shot> {
    const urls = await as.mutation(api.screenshots.generateUploadUrls, {});
    expect(urls).toEqual({ original: expect.stringMatching(URL) as unknown, thumbnail: expect.stringMatching(URL) as unknown });
    expect(urls.original).not.toBe(urls.thumbnail);
    return await uploadShot(t, as);
  }

  test("a signed-in member gets an original's and a thumbnail's URL; signed out is refused with the posting message", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    const urls = await as.mutation(api.screenshots.generateUploadUrls, {});
    expect(urls.original).toMatch(URL);
    expect(urls.thumbnail).toMatch(URL);
    expect(await errorOf(t.mutation(api.screenshots.generateUploadUrls, {}))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
  });

  test("a suspended member is refused; unknown arguments are refused", async () => {
    const t = newTest();
    const me = await createUser(t);
    await t.run((ctx) => ctx.db.patch("users", me.userId, { suspension: { reason: "spam", since: Date.now() } }));
    expect(await errorOf(me.as.mutation(api.screenshots.generateUploadUrls, {}))).toMatchObject({ code: "SUSPENDED" });
    const other = await createUser(t);
    await expect(other.as.mutation(api.screenshots.generateUploadUrls, { count: 5 } as never)).rejects.toThrow(/count/);
  });

  test("people pick, take back and pick again: 15 images for each of three works in 10 minutes all pass", async () => {
    const t = newTest();
    const me = await createUser(t);
    for (let work = 0; work < 3; work++) {
      // Five picked, all taken back, five picked again, posted; then the same once more over.
      for (let round = 0; round < 3; round++) {
        const shots: Shot[] = [];
        for (let i = 0; i < 5; i++) {
          shots.push(await pickImage(t, me.as));
          vi.advanceTimersByTime(10_000);
        }
        if (round < 2) {
          await me.as.mutation(api.screenshots.discardUploads, {
            storageIds: shots.flatMap((shot) => [shot.storageId, shot.thumbnailStorageId]),
          });
        } else {
          await me.as.mutation(api.projects.create, { ...workFields, title: `作品${work}`, screenshots: shots });
        }
      }
    }
    // 45 images in 7.5 minutes, and still room for more.
    expect(await me.as.mutation(api.screenshots.generateUploadUrls, {})).toMatchObject({ original: expect.stringMatching(URL) as unknown });
    const works = await t.run((ctx) => ctx.db.query("projects").take(10));
    expect(works).toHaveLength(3);
  });

  test("a script's burst is refused with the wait, charges nothing, and another person is not held up", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    let served = 0;
    for (;;) {
      const refusal = await me.as.mutation(api.screenshots.generateUploadUrls, {}).then(
        () => null,
        (error: { data?: unknown }) => error.data,
      );
      if (refusal !== null) {
        expect(refusal).toEqual(RATE_LIMITED);
        const { retryAfterMs, message } = refusal as { retryAfterMs: number; message: string };
        // The wait the message says is the wait the data carries: one more image a minute.
        expect(retryAfterMs).toBeGreaterThan(0);
        expect(retryAfterMs).toBeLessThanOrEqual(60_000);
        expect(message).toBe(
          `操作が多すぎます。${retryAfterMs > 59_000 ? "約1分" : `${Math.ceil(retryAfterMs / 1000)}秒`}後にもう一度お試しください`,
        );
        // Still refused a moment before the wait is over; allowed once it is.
        vi.advanceTimersByTime(retryAfterMs - 1_000);
        expect(await errorOf(me.as.mutation(api.screenshots.generateUploadUrls, {}))).toMatchObject({ code: "RATE_LIMITED" });
        vi.advanceTimersByTime(1_000);
        await me.as.mutation(api.screenshots.generateUploadUrls, {});
        break;
      }
      served++;
      if (served > 100) throw new Error("no limit met");
    }
    // Well above what a person uses, well below what fills storage.
    expect(served).toBe(60);
    expect(await other.as.mutation(api.screenshots.generateUploadUrls, {})).toMatchObject({
      thumbnail: expect.stringMatching(URL) as unknown,
    });
  });
});

describe("generateShareCardUploadUrl", () => {
  test("signed in gets one upload URL; signed out is refused with the posting message", async () => {
    const t = newTest();
    const { as } = await createUser(t);
    expect(await as.mutation(api.screenshots.generateShareCardUploadUrl, {})).toMatch(/^https?:\/\//);
    expect(await errorOf(t.mutation(api.screenshots.generateShareCardUploadUrl, {}))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
  });

  test("share cards do not use up screenshot uploads", async () => {
    const t = newTest();
    const me = await createUser(t);
    for (let i = 0; i < 30; i++) await me.as.mutation(api.screenshots.generateShareCardUploadUrl, {});
    expect(await errorOf(me.as.mutation(api.screenshots.generateShareCardUploadUrl, {}))).toMatchObject({ code: "RATE_LIMITED" });
    expect(await me.as.mutation(api.screenshots.generateUploadUrls, {})).toHaveProperty("original");
  });
});

describe("checkUpload", () => {
  test("real PNG, JPEG and GIF files pass and become the caller's pending upload", async () => {
    const t = newTest();
    const me = await createUser(t);
    const pairs: Shot[] = [
      await storePair(t, realPng(), realPng(), "image/png"),
      await storePair(t, realJpeg(), realJpeg(), "image/jpeg"),
      await storePair(t, realGif(), realGif(), "image/gif"),
      // Declared type in another case, or none at all: only the bytes decide.
      await storePair(t, realJpeg(), realJpeg(), "IMAGE/JPEG"),
      {
        storageId: await storeFile(t, realPng()),
        thumbnailStorageId: await storeFile(t, realGif(), "application/octet-stream"),
      },
    ];
    for (const shot of pairs) {
      expect(await me.as.action(api.screenshots.checkUpload, shot)).toBeNull();
      expect(await bothExist(t, shot)).toEqual([true, true]);
      for (const storageId of [shot.storageId, shot.thumbnailStorageId]) {
        expect(await registryRow(t, storageId)).toMatchObject({ storageId, userId: me.userId });
        expect((await registryRow(t, storageId))?.projectId).toBeUndefined();
      }
    }
    expect(await pendingRows(t)).toHaveLength(10);
  });

  test("checking the same pair again (a retry) is fine and registers nothing twice", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await uploadShot(t, me.as);
    expect(await me.as.action(api.screenshots.checkUpload, shot)).toBeNull();
    expect(await pendingRows(t)).toHaveLength(2);
    // A new thumbnail for an original already checked is fine too.
    const thumbnailStorageId = await storeFile(t, realJpeg(), "image/jpeg");
    expect(await me.as.action(api.screenshots.checkUpload, { storageId: shot.storageId, thumbnailStorageId })).toBeNull();
    expect(await pendingRows(t)).toHaveLength(3);
  });

  test("an original up to 5 MB and a thumbnail up to 1 MB pass", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = {
      storageId: await storeFile(t, pngBytes(5 * MB), "image/png"),
      thumbnailStorageId: await storeFile(t, pngBytes(MB), "image/png"),
    };
    expect(await me.as.action(api.screenshots.checkUpload, shot)).toBeNull();
    expect(await pendingRows(t)).toHaveLength(2);
  });

  test("a WebP thumbnail passes, declared or not; a WebP original is refused", async () => {
    const t = newTest();
    const me = await createUser(t);
    const webpShots: Shot[] = [];
    for (const type of ["image/webp", undefined]) {
      const shot = { storageId: await storeFile(t, realPng(), "image/png"), thumbnailStorageId: await storeFile(t, realWebp(), type) };
      expect(await me.as.action(api.screenshots.checkUpload, shot), `thumbnail declared ${type}`).toBeNull();
      webpShots.push(shot);
    }
    expect(await pendingRows(t)).toHaveLength(4);
    // And a work takes them.
    const id = await me.as.mutation(api.projects.create, {
      title: "WebPの作品",
      description: "説明",
      vibeDescription: "コンセプト",
      genre: "tool",
      demoUrl: "https://example.com/webp",
      demoVideoUrl: "",
      repositoryUrl: "",
      aiTools: ["Claude"],
      techStack: [],
      tags: [],
      isZeroCode: false,
      screenshots: webpShots,
    });
    expect(id).toEqual(expect.any(String));
    for (const type of ["image/webp", undefined]) {
      const shot = { storageId: await storeFile(t, realWebp(), type), thumbnailStorageId: await storeFile(t, realWebp(), "image/webp") };
      expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot)), `original declared ${type}`).toEqual(WRONG_TYPE);
      expect(await bothExist(t, shot)).toEqual([false, false]);
    }
  });

  test("signed out is refused and nothing is deleted or registered", async () => {
    const t = newTest();
    const shot = await storePair(t, textBytes(), textBytes(), "text/plain");
    expect(await errorOf(t.action(api.screenshots.checkUpload, shot))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(await bothExist(t, shot)).toEqual([true, true]);
    expect(await pendingRows(t)).toEqual([]);
  });

  test("a deleted user's still-valid token is refused like a signed-out caller", async () => {
    const t = newTest();
    const gone = await createUser(t);
    await t.run((ctx) => ctx.db.delete("users", gone.userId));
    const shot = await storePair(t);
    expect(await errorOf(gone.as.action(api.screenshots.checkUpload, shot))).toMatchObject({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(await pendingRows(t)).toEqual([]);
  });

  test("an original over 5 MB is refused; both files are deleted", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = {
      storageId: await storeFile(t, pngBytes(5 * MB + 1), "image/png"),
      thumbnailStorageId: await storeFile(t, realPng(), "image/png"),
    };
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot))).toEqual(TOO_LARGE);
    expect(await bothExist(t, shot)).toEqual([false, false]);
    expect(await pendingRows(t)).toEqual([]);
  });

  test("a thumbnail over 1 MB is refused; both files are deleted", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = {
      storageId: await storeFile(t, realPng(), "image/png"),
      thumbnailStorageId: await storeFile(t, pngBytes(MB + 1), "image/png"),
    };
    // Thumbnails are made by the browser, never picked: the general upload message.
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot))).toEqual(UPLOAD_FAILED);
    expect(await bothExist(t, shot)).toEqual([false, false]);
    expect(await pendingRows(t)).toEqual([]);
  });

  test("files that are not PNG, JPEG or GIF are refused and deleted, in either place of the pair", async () => {
    const t = newTest();
    const me = await createUser(t);
    const bad: Array<[Uint8Array<ArrayBuffer>, string | undefined]> = [
      [textBytes(), undefined], // no Content-Type: the bytes decide
      [textBytes(), "text/plain"],
      [textBytes(), "image/png"], // claims to be a PNG
      [svgBytes(), "image/svg+xml"],
      [svgBytes(), undefined],
      [realPng(), "image/jpeg"], // real image, declared as another type
      [realJpeg(), "image/gif"],
      [realGif(), "image/png"],
      [realPng(), "image/webp"],
    ];
    for (const [bytes, type] of bad) {
      for (const slot of ["original", "thumbnail"] as const) {
        const badFile = await storeFile(t, bytes, type);
        const goodFile = await storeFile(t, realPng(), "image/png");
        const shot =
          slot === "original" ? { storageId: badFile, thumbnailStorageId: goodFile } : { storageId: goodFile, thumbnailStorageId: badFile };
        // A bad thumbnail is the browser's doing, not the person's: the general upload message.
        expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot)), `${type} as ${slot}`).toEqual(
          slot === "original" ? WRONG_TYPE : UPLOAD_FAILED,
        );
        expect(await bothExist(t, shot)).toEqual([false, false]);
      }
    }
    expect(await pendingRows(t)).toEqual([]);
  });

  test("a refused thumbnail never deletes an original the caller already had checked", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await uploadShot(t, me.as);
    const badThumb = await storeFile(t, textBytes(), "text/plain");
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, { storageId: shot.storageId, thumbnailStorageId: badThumb }))).toEqual(
      UPLOAD_FAILED,
    );
    expect(await fileExists(t, badThumb)).toBe(false);
    expect(await fileExists(t, shot.storageId)).toBe(true);
    expect(await registryRow(t, shot.storageId)).toMatchObject({ userId: me.userId });
  });

  test("an account deleted while its upload was being checked registers nothing and leaves no files", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await storePair(t);
    await t.run((ctx) => ctx.db.delete("users", me.userId));
    const claimed = await t.mutation(internal.screenshots.claim, {
      userId: me.userId,
      storageIds: [shot.storageId, shot.thumbnailStorageId],
      kind: "screenshot",
    });
    expect(claimed).toBe(false);
    expect(await bothExist(t, shot)).toEqual([false, false]);
    expect(await pendingRows(t)).toEqual([]);
  });

  test("the same file as original and thumbnail is refused", async () => {
    const t = newTest();
    const me = await createUser(t);
    const file = await storeFile(t, realPng(), "image/png");
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, { storageId: file, thumbnailStorageId: file }))).toEqual(UPLOAD_FAILED);
    expect(await pendingRows(t)).toEqual([]);
  });

  test("a file that is no longer in storage is refused", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await storePair(t);
    await t.run((ctx) => ctx.storage.delete(shot.thumbnailStorageId));
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot))).toEqual(UPLOAD_FAILED);
    expect(await pendingRows(t)).toEqual([]);
  });

  describe("someone else's file is refused and never deleted", () => {
    test("another user's pending upload", async () => {
      const t = newTest();
      const me = await createUser(t);
      const other = await createUser(t);
      const theirs = await uploadShot(t, other.as);
      const mine = await storeFile(t, realPng(), "image/png");
      for (const shot of [
        theirs,
        { storageId: mine, thumbnailStorageId: theirs.thumbnailStorageId },
        { storageId: theirs.storageId, thumbnailStorageId: mine },
      ]) {
        expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot))).toEqual(UPLOAD_FAILED);
      }
      expect(await bothExist(t, theirs)).toEqual([true, true]);
      expect(await registryRow(t, theirs.storageId)).toMatchObject({ userId: other.userId });
      expect(await registryRow(t, theirs.thumbnailStorageId)).toMatchObject({ userId: other.userId });
      expect(await registryRow(t, mine)).toBeNull();
    });

    test("a posted work's screenshot (another user's, or the caller's own)", async () => {
      const t = newTest();
      const me = await createUser(t);
      const other = await createUser(t);
      const theirShot = await uploadShot(t, other.as);
      const theirWork = await other.as.mutation(api.projects.create, { ...workFields, screenshots: [theirShot] });
      const myShot = await uploadShot(t, me.as);
      const myWork = await me.as.mutation(api.projects.create, { ...workFields, screenshots: [myShot] });
      for (const [shot, projectId] of [
        [theirShot, theirWork],
        [myShot, myWork],
      ] as const) {
        expect(await errorOf(me.as.action(api.screenshots.checkUpload, shot))).toEqual(UPLOAD_FAILED);
        expect(await bothExist(t, shot)).toEqual([true, true]);
        expect(await registryRow(t, shot.storageId)).toMatchObject({ projectId });
      }
    });

    test("another user's profile photo", async () => {
      const t = newTest();
      const me = await createUser(t);
      const other = await createUser(t);
      const photo = await storeFile(t, realPng(), "image/png");
      await t.run((ctx) => ctx.db.patch("users", other.userId, { photoStorageId: photo }));
      const thumb = await storeFile(t, realPng(), "image/png");
      expect(await errorOf(me.as.action(api.screenshots.checkUpload, { storageId: photo, thumbnailStorageId: thumb }))).toEqual(
        UPLOAD_FAILED,
      );
      expect(await fileExists(t, photo)).toBe(true);
      expect(await registryRow(t, photo)).toBeNull();
    });

    test("even when the other file of the pair is refused: the foreign file stays", async () => {
      const t = newTest();
      const me = await createUser(t);
      const other = await createUser(t);
      const theirs = await uploadShot(t, other.as);
      const bad = await storeFile(t, textBytes(), "text/plain");
      expect(await errorOf(me.as.action(api.screenshots.checkUpload, { storageId: bad, thumbnailStorageId: theirs.storageId }))).toEqual(
        UPLOAD_FAILED,
      );
      expect(await fileExists(t, theirs.storageId)).toBe(true);
    });
  });

  test("the caller's own profile photo never becomes a screenshot (deleting the work would delete the photo)", async () => {
    const t = newTest();
    const me = await createUser(t);
    const photo = await storeFile(t, realPng(), "image/png");
    await t.run((ctx) => ctx.db.patch("users", me.userId, { photoStorageId: photo }));
    const thumb = await storeFile(t, realPng(), "image/png");
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, { storageId: photo, thumbnailStorageId: thumb }))).toEqual(
      UPLOAD_FAILED,
    );
    expect(await fileExists(t, photo)).toBe(true);
    expect(await registryRow(t, photo)).toBeNull();
  });
});

describe("discardUploads", () => {
  test("deletes only the caller's own pending uploads", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const mine = await uploadShot(t, me.as);
    const kept = await uploadShot(t, me.as);
    const theirs = await uploadShot(t, other.as);
    const postedShot = await uploadShot(t, me.as);
    const posted = await me.as.mutation(api.projects.create, { ...workFields, screenshots: [postedShot] });
    const unchecked = await storeFile(t, realPng(), "image/png");
    const photo = await storeFile(t, realPng(), "image/png");
    await t.run((ctx) => ctx.db.patch("users", other.userId, { photoStorageId: photo }));

    await me.as.mutation(api.screenshots.discardUploads, {
      storageIds: [
        mine.storageId,
        mine.thumbnailStorageId,
        theirs.storageId,
        theirs.thumbnailStorageId,
        postedShot.storageId,
        postedShot.thumbnailStorageId,
        unchecked,
        photo,
      ],
    });
    expect(await bothExist(t, mine)).toEqual([false, false]);
    expect(await registryRow(t, mine.storageId)).toBeNull();
    expect(await registryRow(t, mine.thumbnailStorageId)).toBeNull();
    expect(await bothExist(t, kept)).toEqual([true, true]);
    expect(await bothExist(t, theirs)).toEqual([true, true]);
    expect(await registryRow(t, theirs.storageId)).toMatchObject({ userId: other.userId });
    expect(await bothExist(t, postedShot)).toEqual([true, true]);
    expect(await registryRow(t, postedShot.storageId)).toMatchObject({ projectId: posted });
    expect(await fileExists(t, unchecked)).toBe(true);
    expect(await fileExists(t, photo)).toBe(true);
    expect(shown(await t.query(api.projects.get, { id: posted }))?.screenshots).toHaveLength(1);
    // Discarding again, or a file already gone, is fine.
    await me.as.mutation(api.screenshots.discardUploads, { storageIds: [mine.storageId] });
  });

  test("signed out is refused and nothing is deleted", async () => {
    const t = newTest();
    const me = await createUser(t);
    const mine = await uploadShot(t, me.as);
    expect(await errorOf(t.mutation(api.screenshots.discardUploads, { storageIds: [mine.storageId] }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(await bothExist(t, mine)).toEqual([true, true]);
  });
});

describe("the sweep of uploads never posted", () => {
  test("runs hourly from crons.ts", () => {
    const job = (crons as unknown as { crons: Record<string, { name: string; schedule: { type: string } }> }).crons[
      "sweep unposted screenshot uploads"
    ];
    expect(job).toMatchObject({ name: "screenshots:sweepPending", schedule: { type: "hourly" } });
  });

  test("deletes pending uploads older than 24 hours; keeps fresh ones and posted ones", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const stale = await uploadShot(t, me.as);
    const staleOther = await uploadShot(t, other.as);
    const postedShot = await uploadShot(t, me.as);
    const posted = await me.as.mutation(api.projects.create, { ...workFields, screenshots: [postedShot] });

    vi.advanceTimersByTime(23 * HOUR);
    const fresh = await uploadShot(t, me.as);
    await t.mutation(internal.screenshots.sweepPending, {});
    // Nothing is a day old yet.
    for (const shot of [stale, staleOther, postedShot, fresh]) expect(await bothExist(t, shot)).toEqual([true, true]);

    vi.advanceTimersByTime(HOUR + 1);
    await t.mutation(internal.screenshots.sweepPending, {});
    for (const shot of [stale, staleOther]) {
      expect(await bothExist(t, shot)).toEqual([false, false]);
      expect(await registryRow(t, shot.storageId)).toBeNull();
    }
    expect(await bothExist(t, fresh)).toEqual([true, true]);
    expect(await bothExist(t, postedShot)).toEqual([true, true]);
    expect(await registryRow(t, postedShot.storageId)).toMatchObject({ projectId: posted });
    expect(shown(await t.query(api.projects.get, { id: posted }))?.screenshots[0]?.url).toEqual(expect.any(String));

    // A day later the upload still waiting goes too; the posted work's files never do.
    vi.advanceTimersByTime(24 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    expect(await bothExist(t, fresh)).toEqual([false, false]);
    expect(await bothExist(t, postedShot)).toEqual([true, true]);
    expect(await pendingRows(t)).toEqual([]);
  });

  test("a swept upload can no longer be posted", async () => {
    const t = newTest();
    const me = await createUser(t);
    const shot = await uploadShot(t, me.as);
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    expect(await errorOf(me.as.mutation(api.projects.create, { ...workFields, screenshots: [shot] }))).toEqual(UPLOAD_FAILED);
  });

  test("more than one batch: the sweep schedules itself until every stale upload is gone", async () => {
    const t = newTest();
    const me = await createUser(t);
    const files: Id<"_storage">[] = [];
    for (let i = 0; i < 130; i++) files.push(await storeFile(t, realPng(), "image/png"));
    await t.run(async (ctx) => {
      for (const storageId of files) await ctx.db.insert("screenshotFiles", { storageId, userId: me.userId });
    });
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await pendingRows(t)).toEqual([]);
    for (const storageId of files.slice(-3)) expect(await fileExists(t, storageId)).toBe(false);
    const runs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").take(100));
    expect(runs.filter((run) => run.name.includes("sweepPending")).length).toBeGreaterThanOrEqual(1);
  });
});

describe("the sweep of uploads nothing uses (an upload URL spent, the file never checked)", () => {
  test("runs hourly from crons.ts", () => {
    const job = (crons as unknown as { crons: Record<string, { name: string; schedule: { type: string } }> }).crons[
      "sweep uploads nothing uses"
    ];
    expect(job).toMatchObject({ name: "screenshots:sweepUnusedUploads", schedule: { type: "hourly" } });
  });

  test("deletes a day-old file no registry knows; keeps checked uploads, photos, posted works' files and older files", async () => {
    const t = newTest();
    const me = await createUser(t);
    const before = await storeFile(t, pngBytes(), "image/png");
    vi.advanceTimersByTime(1);
    // The first run only marks where the sweep starts: files from before it are never touched.
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});

    const urls = await me.as.mutation(api.screenshots.generateUploadUrls, {});
    expect(urls).toEqual({ original: expect.any(String) as unknown, thumbnail: expect.any(String) as unknown });
    const unchecked = await storeFile(t, pngBytes(), "image/png"); // uploaded, never checked
    const checked = await uploadShot(t, me.as); // checked: the pending sweep's to judge
    const postedShot = await uploadShot(t, me.as);
    await me.as.mutation(api.projects.create, { ...workFields, screenshots: [postedShot] });
    const photo = await storeFile(t, pngBytes(), "image/png");
    await me.as.action(api.users.checkPhotoUpload, { storageId: photo });

    vi.advanceTimersByTime(23 * HOUR);
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    expect(await fileExists(t, unchecked)).toBe(true); // not a day old yet

    vi.advanceTimersByTime(HOUR + 1);
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await fileExists(t, unchecked)).toBe(false);
    expect(await fileExists(t, before)).toBe(true);
    expect(await fileExists(t, photo)).toBe(true);
    expect(await bothExist(t, checked)).toEqual([true, true]);
    expect(await bothExist(t, postedShot)).toEqual([true, true]);
  });

  test("walks a backlog in bounded batches, each run continuing where the last stopped", async () => {
    const t = newTest();
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    vi.advanceTimersByTime(1);
    const orphans: Id<"_storage">[] = [];
    for (let i = 0; i < 230; i++) orphans.push(await storeFile(t, pngBytes()));
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    // One batch (100) now; the rest in the runs it scheduled.
    expect((await Promise.all(orphans.map((id) => fileExists(t, id)))).filter((exists) => !exists)).toHaveLength(100);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await Promise.all(orphans.map((id) => fileExists(t, id)))).every((exists) => !exists)).toBe(true);
  });
});
