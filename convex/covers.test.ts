// Pictures the prerendered pages show before any script has run (convex/covers.ts): a work's cover
// by id, and the gallery's first cards' pictures by position.
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { coverPath, GALLERY_COVERS, galleryCoverPath } from "./model/shareLinks";
import { realGif, realJpeg, realPng, realWebp, storePair } from "./model/screenshots.testkit";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

describe("GET /covers/projects/{id}", () => {
  test("answers with the thumbnail of the work's first screenshot, cacheable for minutes", async () => {
    const t = newTest();
    const author = await createUser(t);
    const first = await storePair(t, realPng(), realGif(), "image/gif");
    const second = await storePair(t);
    const id = await createWork(t, author.userId, { screenshots: [first, second] });

    const response = await t.fetch(coverPath(id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(realGif());
  });

  test("a work whose first screenshot changes answers with the new one", async () => {
    const t = newTest();
    const author = await createUser(t);
    const id = await createWork(t, author.userId, { screenshots: [await storePair(t)] });
    const replacement = await storePair(t, realPng(), realGif(), "image/gif");
    await t.run(async (ctx) => ctx.db.patch("projects", id, { screenshots: [replacement] }));
    expect(new Uint8Array(await (await t.fetch(coverPath(id))).arrayBuffer())).toEqual(realGif());
  });

  test("a missing, deleted, hidden or malformed id, or a work without screenshots, gives a 404 nobody caches", async () => {
    const t = newTest();
    const author = await createUser(t);
    const deleted = await createWork(t, author.userId);
    await t.run(async (ctx) => ctx.db.delete("projects", deleted));
    const hidden = await createWork(t, author.userId, { screenshots: [await storePair(t)] });
    await t.run(async (ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    const bare = await createWork(t, author.userId);
    await t.run(async (ctx) => ctx.db.patch("projects", bare, { screenshots: [] }));
    const user = author.userId as string;
    for (const path of [
      coverPath(deleted),
      coverPath(hidden),
      coverPath(bare),
      coverPath("nope"),
      coverPath(user),
      `${coverPath(hidden)}/x`,
    ]) {
      const response = await t.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect((await response.arrayBuffer()).byteLength, path).toBe(0);
    }
  });
});

describe("GET /covers/gallery/{n}", () => {
  /** The bytes of the picture each of the gallery's first cards shows, as a signed-out visitor gets them. */
  async function galleryPictures(t: TestConvex) {
    const { page } = await t.query(api.projects.list, { paginationOpts: { numItems: GALLERY_COVERS, cursor: null }, sort: "newest" });
    return await Promise.all(
      page.map(async (card) => {
        // The card's thumbnail, read from storage (an ArrayBuffer is a Convex value).
        const bytes = await t.run(async (ctx) => {
          const work = await ctx.db.get("projects", card._id);
          return await (await ctx.storage.get(work!.screenshots[0]!.thumbnailStorageId))!.arrayBuffer();
        });
        return new Uint8Array(bytes);
      }),
    );
  }

  test("answers with the very picture the gallery's card at that position shows, cacheable for a minute", async () => {
    const t = newTest();
    const author = await createUser(t);
    // Different bytes and types, so each card has its own picture.
    const pictures = [
      { bytes: realPng(), type: "image/png" },
      { bytes: realGif(), type: "image/gif" },
      { bytes: realJpeg(), type: "image/jpeg" },
      { bytes: realWebp(), type: "image/webp" },
    ];
    for (const picture of pictures)
      await createWork(t, author.userId, { screenshots: [await storePair(t, realPng(), picture.bytes, picture.type)] });
    const expected = await galleryPictures(t);
    expect(expected).toHaveLength(GALLERY_COVERS);

    for (let position = 0; position < GALLERY_COVERS; position++) {
      const response = await t.fetch(galleryCoverPath(position));
      expect(response.status, `position ${position}`).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=60");
      // Newest first: the last work posted is the first card.
      expect(response.headers.get("content-type"), `position ${position}`).toBe(pictures[pictures.length - 1 - position]!.type);
      expect(new Uint8Array(await response.arrayBuffer()), `position ${position}`).toEqual(expected[position]);
    }
  });

  test("a hidden work is skipped as the gallery skips it", async () => {
    const t = newTest();
    const author = await createUser(t);
    await createWork(t, author.userId, { screenshots: [await storePair(t, realPng(), realGif(), "image/gif")] });
    const hidden = await createWork(t, author.userId, { screenshots: [await storePair(t, realPng(), realJpeg(), "image/jpeg")] });
    await t.run(async (ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    expect(new Uint8Array(await (await t.fetch(galleryCoverPath(0))).arrayBuffer())).toEqual(realGif());
    expect((await t.fetch(galleryCoverPath(1))).status).toBe(404);
  });

  test("past the last work, a card without screenshots, or a position it does not serve gives a 404 nobody caches", async () => {
    const t = newTest();
    const author = await createUser(t);
    const bare = await createWork(t, author.userId);
    await t.run(async (ctx) => ctx.db.patch("projects", bare, { screenshots: [] }));
    for (const path of [
      galleryCoverPath(0),
      galleryCoverPath(1),
      galleryCoverPath(GALLERY_COVERS),
      "/covers/gallery/-1",
      "/covers/gallery/01",
      "/covers/gallery/x",
      "/covers/gallery/",
      `${galleryCoverPath(0)}/x`,
    ]) {
      const response = await t.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });
});
