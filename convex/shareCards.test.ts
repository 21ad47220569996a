// Share cards (docs/decisions.md "SEO, share cards, feeds and embeds"): the 1200×630 image the
// browser draws for a work's share page once the work is saved. screenshots.checkShareCard checks
// the upload, projects.setShareCard puts it on the work (unless an edit overtook it),
// projects.update drops a card an edit made stale, and the work's files go with it. The share page
// itself is share.test.ts.
import { encode } from "fast-png";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { fileExists, storeFile, textBytes } from "./model/storedFiles.testkit";
import { realCardPng, realGif, realPng, registryRow, uploadCard, uploadShot, type Shot } from "./model/screenshots.testkit";
import { workForm } from "./model/works.testkit";
import { createUser, errorOf, newTest, type TestConvex } from "./test.setup";

const HOUR = 60 * 60 * 1000;

type Client = Awaited<ReturnType<typeof createUser>>["as"];

const form = workForm;

const CARD_FAILED = {
  code: "INVALID_IMAGE",
  message: "画像のアップロードに失敗しました",
  fields: { shareCard: "画像のアップロードに失敗しました" },
};
const UPLOAD_FAILED = { ...CARD_FAILED, fields: { screenshots: "画像のアップロードに失敗しました" } };

/** The header of a 1200×630 WebP as Chromium writes it (VP8X, an ICC profile): enough for the check, which reads no pixels. */
function cardWebpHeader(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(64);
  bytes.set(Array.from("RIFF\x38\0\0\0WEBPVP8X\x0a\0\0\0\x20\0\0\0", (c) => c.charCodeAt(0)));
  const uint24 = (at: number, value: number) => bytes.set([value & 0xff, (value >> 8) & 0xff, value >> 16], at);
  uint24(24, 1200 - 1);
  uint24(27, 630 - 1);
  return bytes;
}

/** A 1200×630 PNG of noise: over 1 MB, as no card the wizard makes ever is. */
function hugeCardPng(): Uint8Array<ArrayBuffer> {
  let seed = 1;
  const data = new Uint8Array(1200 * 630 * 3).map(() => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
  return new Uint8Array(encode({ width: 1200, height: 630, data, channels: 3 }));
}

/** Posts a work with one fresh screenshot (and another when `shots` is 2). */
async function post(as: Client, t: TestConvex, input: Partial<typeof form> = {}, shots = 1) {
  const screenshots: Shot[] = [];
  for (let i = 0; i < shots; i++) screenshots.push(await uploadShot(t, as));
  const id = await as.mutation(api.projects.create, { ...form, ...input, screenshots });
  return { id, shot: screenshots[0]!, screenshots };
}

/** What the browser does after saving: a card drawn of the work as saved, put on it. */
async function addCard(t: TestConvex, as: Client, id: Id<"projects">, shown: { title?: string; firstScreenshot?: Id<"_storage"> } = {}) {
  const card = await uploadCard(t, as);
  const work = (await t.run((ctx) => ctx.db.get("projects", id)))!;
  const attached = await as.mutation(api.projects.setShareCard, {
    id,
    storageId: card,
    title: shown.title ?? work.title,
    firstScreenshot: "firstScreenshot" in shown ? shown.firstScreenshot : work.screenshots[0]?.storageId,
  });
  return { card, attached };
}

/** Posts a work and puts its card on it. */
async function postWithCard(as: Client, t: TestConvex, input: Partial<typeof form> = {}) {
  const posted = await post(as, t, input);
  const { card } = await addCard(t, as, posted.id);
  return { ...posted, card };
}

const updateArgs = (id: Id<"projects">, screenshots: Shot[], extra: { title?: string } = {}) => ({
  id,
  ...form,
  screenshots,
  ...extra,
});

const cardOf = async (t: TestConvex, id: Id<"projects">) => (await t.run((ctx) => ctx.db.get("projects", id)))?.shareCardStorageId;
const workCount = async (t: TestConvex) => (await t.run((ctx) => ctx.db.query("projects").take(100))).length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("screenshots.checkShareCard", () => {
  test("a 1200×630 PNG or WebP passes and becomes the caller's pending card; checking it again is fine", async () => {
    const t = newTest();
    const me = await createUser(t);
    const png = await storeFile(t, realCardPng(), "image/png");
    const webp = await storeFile(t, cardWebpHeader()); // sent without a declared type
    for (const storageId of [png, webp]) {
      await me.as.action(api.screenshots.checkShareCard, { storageId });
      await me.as.action(api.screenshots.checkShareCard, { storageId });
      expect(await fileExists(t, storageId)).toBe(true);
      expect(await registryRow(t, storageId)).toMatchObject({ userId: me.userId, kind: "shareCard" });
      expect((await registryRow(t, storageId))?.projectId).toBeUndefined();
    }
    const rows = await t.run((ctx) => ctx.db.query("screenshotFiles").take(10));
    expect(rows).toHaveLength(2);
  });

  test("another size, a GIF, no image, over 1 MB or a type that disagrees with the bytes: refused with the card's field, and deleted", async () => {
    const t = newTest();
    const me = await createUser(t);
    const cases: Array<[string, Uint8Array<ArrayBuffer>, string?]> = [
      ["one pixel too tall", realCardPng(1200, 631), "image/png"],
      ["turned on its side", realCardPng(630, 1200), "image/png"],
      ["half size", realCardPng(600, 315), "image/png"],
      ["a thumbnail-sized PNG", realPng(), "image/png"],
      ["a GIF", realGif(), "image/gif"],
      ["text", textBytes()],
      ["over 1 MB", hugeCardPng(), "image/png"],
      ["declared as JPEG", realCardPng(), "image/jpeg"],
    ];
    for (const [label, bytes, type] of cases) {
      const storageId = await storeFile(t, bytes, type);
      expect(await errorOf(me.as.action(api.screenshots.checkShareCard, { storageId })), label).toEqual(CARD_FAILED);
      expect(await fileExists(t, storageId), label).toBe(false);
      expect(await registryRow(t, storageId), label).toBeNull();
    }
  });

  test("signed out is refused; the file is neither deleted nor registered", async () => {
    const t = newTest();
    const storageId = await storeFile(t, realCardPng(), "image/png");
    expect(await errorOf(t.action(api.screenshots.checkShareCard, { storageId }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(await fileExists(t, storageId)).toBe(true);
    expect(await registryRow(t, storageId)).toBeNull();
  });

  test("someone else's file is refused and never deleted: their card, a screenshot, a posted card, a photo", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const theirCard = await uploadCard(t, other.as);
    const myShot = await uploadShot(t, me.as);
    const { card: postedCard } = await postWithCard(me.as, t);
    const photo = await storeFile(t, realCardPng(), "image/png");
    await t.run((ctx) => ctx.db.patch("users", other.userId, { photoStorageId: photo }));
    for (const storageId of [theirCard, myShot.thumbnailStorageId, postedCard, photo]) {
      expect(await errorOf(me.as.action(api.screenshots.checkShareCard, { storageId }))).toEqual(CARD_FAILED);
      expect(await fileExists(t, storageId)).toBe(true);
    }
    expect(await registryRow(t, theirCard)).toMatchObject({ userId: other.userId, kind: "shareCard" });
    expect(await registryRow(t, myShot.thumbnailStorageId)).not.toHaveProperty("kind");
  });

  test("a card is never a screenshot: the screenshot check and projects.create refuse it as one", async () => {
    const t = newTest();
    const me = await createUser(t);
    const card = await uploadCard(t, me.as);
    const shot = await uploadShot(t, me.as);
    expect(await errorOf(me.as.action(api.screenshots.checkUpload, { storageId: shot.storageId, thumbnailStorageId: card }))).toEqual(
      UPLOAD_FAILED,
    );
    expect(
      await errorOf(
        me.as.mutation(api.projects.create, { ...form, screenshots: [{ storageId: shot.storageId, thumbnailStorageId: card }] }),
      ),
    ).toEqual(UPLOAD_FAILED);
    expect(await fileExists(t, card)).toBe(true);
    expect(await workCount(t)).toBe(0);
  });
});

describe("projects.setShareCard", () => {
  test("puts the caller's checked card on their work after posting; the registry points it at the work", async () => {
    const t = newTest();
    const me = await createUser(t);
    const { id, shot } = await post(me.as, t);
    // Posted without one: the card comes afterwards.
    expect(await cardOf(t, id)).toBeUndefined();
    const card = await uploadCard(t, me.as);
    // The title as typed: the server cleans it as it cleaned the work's.
    expect(
      await me.as.mutation(api.projects.setShareCard, { id, storageId: card, title: ` ${form.title}\n`, firstScreenshot: shot.storageId }),
    ).toBe(true);
    expect(await cardOf(t, id)).toBe(card);
    expect(await registryRow(t, card)).toMatchObject({ userId: me.userId, projectId: id, kind: "shareCard" });
    const forEdit = await me.as.query(api.projects.getForEdit, { id });
    expect(forEdit.status === "ok" && forEdit.work.hasShareCard).toBe(true);
    // Nothing else about the work changed.
    const work = await t.run((ctx) => ctx.db.get("projects", id));
    expect(work).toMatchObject({ title: form.title, screenshots: [shot] });
  });

  test("projects.create and update no longer take a card", async () => {
    const t = newTest();
    const me = await createUser(t);
    const card = await uploadCard(t, me.as);
    const shot = await uploadShot(t, me.as);
    const withCard = { ...form, screenshots: [shot], shareCardStorageId: card } as never;
    expect(await errorOf(me.as.mutation(api.projects.create, withCard))).toEqual(expect.stringMatching(/shareCardStorageId/));
    expect(await workCount(t)).toBe(0);
    const { id } = await post(me.as, t);
    const editWithCard = { ...updateArgs(id, [shot]), shareCardStorageId: card } as never;
    expect(await errorOf(me.as.mutation(api.projects.update, editWithCard))).toEqual(expect.stringMatching(/shareCardStorageId/));
    expect(await cardOf(t, id)).toBeUndefined();
    expect((await registryRow(t, card))?.projectId).toBeUndefined();
  });

  test("a new card replaces the old one, which is deleted with its registry row", async () => {
    const t = newTest();
    const me = await createUser(t);
    const { id, card: oldCard } = await postWithCard(me.as, t);
    const { card: newCard, attached } = await addCard(t, me.as, id);
    expect(attached).toBe(true);
    expect(await cardOf(t, id)).toBe(newCard);
    expect(await registryRow(t, newCard)).toMatchObject({ projectId: id, kind: "shareCard" });
    expect(await fileExists(t, oldCard)).toBe(false);
    expect(await registryRow(t, oldCard)).toBeNull();
  });

  test("a card an edit overtook (new title or first screenshot) is refused and deleted; the current one is taken", async () => {
    const t = newTest();
    const me = await createUser(t);
    const { id, screenshots } = await post(me.as, t, {}, 2);
    const [first, second] = screenshots as [Shot, Shot];

    // Posted as 家計簿アプリ, then renamed before the card arrived.
    await me.as.mutation(api.projects.update, updateArgs(id, [first, second], { title: "別の題" }));
    const late = await addCard(t, me.as, id, { title: form.title, firstScreenshot: first.storageId });
    expect(late.attached).toBe(false);
    expect(await fileExists(t, late.card)).toBe(false);
    expect(await registryRow(t, late.card)).toBeNull();
    expect(await cardOf(t, id)).toBeUndefined();

    // Likewise when another screenshot now leads.
    await me.as.mutation(api.projects.update, updateArgs(id, [second, first], { title: "別の題" }));
    const behind = await addCard(t, me.as, id, { title: "別の題", firstScreenshot: first.storageId });
    expect(behind.attached).toBe(false);
    expect(await fileExists(t, behind.card)).toBe(false);
    // A work without screenshots (none of the wizard's) takes no card of one either.
    const none = await addCard(t, me.as, id, { title: "別の題", firstScreenshot: undefined });
    expect(none.attached).toBe(false);
    expect(await cardOf(t, id)).toBeUndefined();

    // The card of the edit that overtook them is taken, and a late one never replaces it.
    const current = await addCard(t, me.as, id, { title: "別の題", firstScreenshot: second.storageId });
    expect(current.attached).toBe(true);
    const stale = await addCard(t, me.as, id, { title: form.title, firstScreenshot: first.storageId });
    expect(stale.attached).toBe(false);
    expect(await cardOf(t, id)).toBe(current.card);
    expect(await fileExists(t, current.card)).toBe(true);
    // The screenshots are untouched throughout.
    for (const storageId of screenshots.flatMap((s) => [s.storageId, s.thumbnailStorageId]))
      expect(await fileExists(t, storageId)).toBe(true);
  });

  test("signed out, another user's work or a missing work is refused; the card stays pending and nothing changes", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const { id: theirWork, card: theirCard } = await postWithCard(other.as, t);
    const { id: mine } = await post(me.as, t);
    const card = await uploadCard(t, me.as);
    const args = (id: Id<"projects">) => ({ id, storageId: card, title: form.title });

    expect(await errorOf(t.mutation(api.projects.setShareCard, args(mine)))).toEqual({
      code: "UNAUTHENTICATED",
      message: "作品を投稿するにはログインが必要です",
    });
    expect(await errorOf(me.as.mutation(api.projects.setShareCard, args(theirWork)))).toEqual({
      code: "FORBIDDEN",
      message: "この作品を編集する権限がありません",
    });
    await me.as.mutation(api.projects.remove, { id: mine });
    expect(await errorOf(me.as.mutation(api.projects.setShareCard, args(mine)))).toEqual({
      code: "NOT_FOUND",
      message: "作品が見つかりません",
    });

    expect(await cardOf(t, theirWork)).toBe(theirCard);
    expect(await fileExists(t, theirCard)).toBe(true);
    expect(await fileExists(t, card)).toBe(true);
    expect(await registryRow(t, card)).toMatchObject({ userId: me.userId, kind: "shareCard" });
    expect((await registryRow(t, card))?.projectId).toBeUndefined();
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("someone else's card, an unchecked file, a screenshot or a posted card is refused with the card's field and never deleted", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const theirCard = await uploadCard(t, other.as);
    const unchecked = await storeFile(t, realCardPng(), "image/png");
    const { id, shot, card } = await postWithCard(me.as, t);
    const { card: postedCard } = await postWithCard(me.as, t, { title: "二つ目" });
    const waitingShot = await uploadShot(t, me.as);
    for (const storageId of [theirCard, unchecked, shot.thumbnailStorageId, waitingShot.storageId, postedCard]) {
      const current = { id, storageId, title: form.title, firstScreenshot: shot.storageId };
      expect(await errorOf(me.as.mutation(api.projects.setShareCard, current))).toEqual(CARD_FAILED);
      // Not even when the card would be stale (stale cards are deleted, but only the caller's own).
      expect(await errorOf(me.as.mutation(api.projects.setShareCard, { ...current, title: "古い題" }))).toEqual(CARD_FAILED);
      expect(await fileExists(t, storageId)).toBe(true);
    }
    expect(await cardOf(t, id)).toBe(card);
    expect(await registryRow(t, theirCard)).toMatchObject({ userId: other.userId });
    expect((await registryRow(t, theirCard))?.projectId).toBeUndefined();
    expect((await registryRow(t, waitingShot.storageId))?.projectId).toBeUndefined();
  });
});

describe("projects.update and the share card", () => {
  test("the card stays while it still shows the work; a new title or first screenshot drops and deletes it", async () => {
    const t = newTest();
    const me = await createUser(t);
    const { id, shot, card } = await postWithCard(me.as, t);
    const second = await uploadShot(t, me.as);

    // Other fields, a second screenshot after the first, the title with spaces around it: kept.
    await me.as.mutation(api.projects.update, {
      ...updateArgs(id, [shot, second], { title: ` ${form.title} ` }),
      description: "説明を変えた",
    });
    expect(await cardOf(t, id)).toBe(card);
    expect(await registryRow(t, card)).toMatchObject({ projectId: id });

    // Another first screenshot: the card showed the old one, so it goes (the thumbnail stands in).
    await me.as.mutation(api.projects.update, updateArgs(id, [second, shot]));
    expect(await cardOf(t, id)).toBeUndefined();
    expect(await fileExists(t, card)).toBe(false);
    expect(await registryRow(t, card)).toBeNull();

    // A new title: likewise.
    const { card: next } = await addCard(t, me.as, id);
    expect(await cardOf(t, id)).toBe(next);
    await me.as.mutation(api.projects.update, updateArgs(id, [second, shot], { title: "別の題" }));
    expect(await cardOf(t, id)).toBeUndefined();
    expect(await fileExists(t, next)).toBe(false);
    // The screenshots are untouched throughout.
    for (const storageId of [shot.storageId, shot.thumbnailStorageId, second.storageId]) expect(await fileExists(t, storageId)).toBe(true);
  });

  test("a refused edit, another user or a signed-out caller changes nothing: the card stays", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const { id, shot, card } = await postWithCard(me.as, t);
    const renamed = updateArgs(id, [shot], { title: "新しい題" });

    expect(await errorOf(other.as.mutation(api.projects.update, renamed))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(t.mutation(api.projects.update, renamed))).toMatchObject({ code: "UNAUTHENTICATED" });
    // A refused edit that would have made the card stale keeps it too (nothing half-written).
    expect(await errorOf(me.as.mutation(api.projects.update, { ...renamed, demoUrl: "" }))).toMatchObject({ code: "INVALID_INPUT" });

    expect(await cardOf(t, id)).toBe(card);
    expect(await fileExists(t, card)).toBe(true);
    expect(await registryRow(t, card)).toMatchObject({ projectId: id });
    const work = await t.run((ctx) => ctx.db.get("projects", id));
    expect(work?.title).toBe(form.title);
  });
});

describe("a work's card goes with it", () => {
  test("deleting the work deletes its card and its registry row", async () => {
    const t = newTest();
    const me = await createUser(t);
    const { id, card } = await postWithCard(me.as, t);
    const { id: kept, card: otherCard } = await postWithCard(me.as, t);
    await me.as.mutation(api.projects.remove, { id });
    expect(await fileExists(t, card)).toBe(false);
    expect(await registryRow(t, card)).toBeNull();
    expect(await cardOf(t, kept)).toBe(otherCard);
    expect(await fileExists(t, otherCard)).toBe(true);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });

  test("deleting the account deletes its cards, posted and pending, and nobody else's", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    const { card: posted } = await postWithCard(me.as, t);
    const pending = await uploadCard(t, me.as);
    const { id: theirWork, card: theirs } = await postWithCard(other.as, t);
    await me.as.mutation(api.account.deleteAccount, { confirmation: "DELETE MY ACCOUNT" });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    for (const card of [posted, pending]) {
      expect(await fileExists(t, card)).toBe(false);
      expect(await registryRow(t, card)).toBeNull();
    }
    expect(await fileExists(t, theirs)).toBe(true);
    expect(await cardOf(t, theirWork)).toBe(theirs);
  });

  test("a card never posted is swept after a day, like a screenshot; a posted card is not", async () => {
    const t = newTest();
    const me = await createUser(t);
    const pending = await uploadCard(t, me.as);
    const { id, card: postedCard } = await postWithCard(me.as, t);
    vi.advanceTimersByTime(23 * HOUR);
    await t.mutation(internal.screenshots.sweepPending, {});
    expect(await fileExists(t, pending)).toBe(true);
    vi.advanceTimersByTime(HOUR + 1);
    await t.mutation(internal.screenshots.sweepPending, {});
    expect(await fileExists(t, pending)).toBe(false);
    expect(await registryRow(t, pending)).toBeNull();
    expect(await fileExists(t, postedCard)).toBe(true);
    expect(await cardOf(t, id)).toBe(postedCard);

    // An uploaded card never checked is the unused-uploads sweep's (model/storageSweep.ts).
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    vi.advanceTimersByTime(1);
    const unchecked = await storeFile(t, realCardPng(), "image/png");
    vi.advanceTimersByTime(25 * HOUR);
    await t.mutation(internal.screenshots.sweepUnusedUploads, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await fileExists(t, unchecked)).toBe(false);
    expect(await fileExists(t, postedCard)).toBe(true);
  });
});
