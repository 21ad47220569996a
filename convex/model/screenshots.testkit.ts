// Test fixtures for screenshots and share cards: real image files, and an upload that went
// through the wizard's steps (stored, then checked by screenshots.checkUpload or checkShareCard),
// ready for projects.create / update (screenshots) or projects.setShareCard (cards).
// The two dots in this file's name keep it out of the deployed modules.
import { encode } from "fast-png";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { SHARE_CARD } from "../constants";
import type { TestConvex } from "../test.setup";
import { storeFile } from "./storedFiles.testkit";

type Client = Pick<TestConvex, "action">;
export type Shot = { storageId: Id<"_storage">; thumbnailStorageId: Id<"_storage"> };

/** A real 4×3 PNG. */
export function realPng(): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(4 * 3 * 3).map((_, i) => (i * 37) % 256);
  return new Uint8Array(encode({ width: 4, height: 3, data, channels: 3 }));
}

/** A real 16×16 baseline JPEG (JFIF). */
export function realJpeg(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(
    atob(
      "/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z",
    ),
    (c) => c.charCodeAt(0),
  );
}

/** A real 1×1 GIF89a. */
export function realGif(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04,
    0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
  ]);
}

/** A real 1×1 lossless WebP ("RIFF", size, "WEBP"): what the wizard makes thumbnails as. */
export function realWebp(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="), (c) => c.charCodeAt(0));
}

/** A real PNG of the share card's size (1200×630 unless said otherwise), one flat colour. */
export function realCardPng(width: number = SHARE_CARD.width, height: number = SHARE_CARD.height): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 3).fill(0x7c);
  return new Uint8Array(encode({ width, height, data, channels: 3 }));
}

/** A share card uploaded and accepted by screenshots.checkShareCard: the caller's pending card. */
export async function uploadCard(t: TestConvex, as: Client): Promise<Id<"_storage">> {
  const storageId = await storeFile(t, realCardPng(), "image/png");
  await as.action(api.screenshots.checkShareCard, { storageId });
  return storageId;
}

/** Stores an original and its thumbnail as the browser uploads them (not yet checked). */
export async function storePair(t: TestConvex, original = realPng(), thumbnail = realPng(), type = "image/png"): Promise<Shot> {
  return {
    storageId: await storeFile(t, original, type),
    thumbnailStorageId: await storeFile(t, thumbnail, type),
  };
}

/** A pair uploaded and accepted by screenshots.checkUpload: the caller's pending upload. */
export async function uploadShot(t: TestConvex, as: Client): Promise<Shot> {
  const shot = await storePair(t);
  await as.action(api.screenshots.checkUpload, shot);
  return shot;
}

/** The registry row of a file, or null. */
export async function registryRow(t: TestConvex, storageId: Id<"_storage">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("screenshotFiles")
        .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
        .unique(),
  );
}
