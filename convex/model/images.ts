// Uploaded images (profile photos and screenshots): PNG, JPEG or GIF, at most 5 MB,
// judged from the stored file, never from what the client says about it (docs/decisions.md
// "Uploads").
//
// Where each check runs, and why:
// - In a mutation (`checkStoredImage`): the stored file's metadata (exists, real size, declared
//   content type) and whether another user already uses it. A refusal there throws, which rolls
//   the whole transaction back, so a mutation cannot also delete the refused file.
// - In an action (`inspectImageBlob` via users.checkPhotoUpload / screenshots.checkUpload, and
//   `isAcceptableShareCard` via screenshots.checkShareCard): the real bytes (magic numbers; a share
//   card's pixel size from its header), since file contents are reliably readable only in actions; and
//   actions are not transactional, so they can delete a refused file and still report the error.
//   Only files that passed it are registered (photoFiles.ts, screenshotFiles.ts), and only
//   registered files are accepted by the mutations.
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { IMAGE_CONTENT_TYPES, LIMITS, SHARE_CARD, SHARE_CARD_CONTENT_TYPES, THUMBNAIL_CONTENT_TYPES } from "../constants";
import { userError } from "./errors";

export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** Every type the byte check recognises: the originals' types and WebP (thumbnails only). */
export type SniffedImageType = (typeof THUMBNAIL_CONTENT_TYPES)[number];

export const IMAGE_MESSAGES = {
  tooLarge: "画像サイズは5MB以下にしてください",
  wrongType: "PNG、JPEG、GIF形式の画像を選択してください",
  uploadFailed: "画像のアップロードに失敗しました",
} as const;

/** Bytes at fixed offsets; null matches any byte (a WebP file's RIFF size). */
const SIGNATURES: ReadonlyArray<{ type: SniffedImageType; bytes: readonly (number | null)[] }> = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { type: "image/gif", bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
  // "RIFF", the 4-byte chunk size, "WEBP"
  { type: "image/webp", bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
];

/** Bytes needed to recognise every accepted type. */
export const IMAGE_SNIFF_BYTES = 12;

/** The image type the file's first bytes show, or null when it is none of PNG, JPEG, GIF, WebP. */
export function sniffImageType(head: Uint8Array): SniffedImageType | null {
  const match = SIGNATURES.find(({ bytes }) => head.length >= bytes.length && bytes.every((byte, i) => byte === null || head[i] === byte));
  return match?.type ?? null;
}

/** Types that say nothing about the file (an upload sent without a Content-Type). */
function isUndeclared(contentType: string | undefined): boolean {
  return !contentType || contentType === "application/octet-stream";
}

export type ImageFacts = {
  size: number;
  /** The largest size accepted; 5 MB unless said otherwise (thumbnails are smaller). */
  maxBytes?: number;
  /** What the uploader declared, when anything. */
  contentType?: string;
  /** What the bytes are; undefined when they were not read (in a mutation). */
  sniffedType?: SniffedImageType | null;
  /** The types accepted; PNG, JPEG and GIF unless said otherwise (thumbnails may be WebP). */
  types?: readonly string[];
};

/** Why the file is refused (the message to show), or null when it is acceptable. */
export function imageRefusal({
  size,
  maxBytes = LIMITS.imageMaxBytes,
  contentType,
  sniffedType,
  types = IMAGE_CONTENT_TYPES,
}: ImageFacts): string | null {
  if (size > maxBytes) return IMAGE_MESSAGES.tooLarge;
  const declared = isUndeclared(contentType) ? undefined : contentType!.toLowerCase();
  if (declared !== undefined && !types.includes(declared)) return IMAGE_MESSAGES.wrongType;
  if (sniffedType === null || (sniffedType !== undefined && !types.includes(sniffedType))) return IMAGE_MESSAGES.wrongType;
  if (sniffedType !== undefined && declared !== undefined && declared !== sniffedType) {
    return IMAGE_MESSAGES.wrongType;
  }
  return null;
}

/** Reads a stored file's real size, declared type and first bytes (in an action). */
export async function inspectImageBlob(blob: Blob, maxBytes?: number, types?: readonly string[]): Promise<string | null> {
  const head = new Uint8Array(await blob.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return imageRefusal({
    size: blob.size,
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    ...(types !== undefined ? { types } : {}),
    ...(blob.type ? { contentType: blob.type } : {}),
    sniffedType: sniffImageType(head),
  });
}

export type ImageDimensions = { width: number; height: number };

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** A WebP's canvas size, from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpDimensions(bytes: Uint8Array, view: DataView): ImageDimensions | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  return null;
}

/** A JPEG's size, from its first start-of-frame segment (baseline, progressive or other). */
function jpegDimensions(bytes: Uint8Array, view: DataView): ImageDimensions | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    // End of image or start of scan before any frame header: not a usable JPEG.
    if (marker === 0xd9 || marker === 0xda) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/** The pixel size an image file's header declares (PNG, JPEG, GIF, WebP), or null when unreadable. */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (sniffImageType(bytes)) {
    case "image/png":
      // IHDR is always the first chunk: width and height, big-endian, at 16 and 20.
      if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
      return { width: view.getUint32(16), height: view.getUint32(20) };
    case "image/gif":
      if (bytes.length < 10) return null;
      return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    case "image/webp":
      return webpDimensions(bytes, view);
    case "image/jpeg":
      return jpegDimensions(bytes, view);
    default:
      return null;
  }
}

/**
 * The byte check of a share card (in an action): at most SHARE_CARD.maxBytes, WebP, JPEG or PNG
 * by its bytes (and its declared type, when any), exactly SHARE_CARD.width × height. The browser
 * made it, so a refusal needs no reason of its own: the caller reports the general upload failure.
 */
export async function isAcceptableShareCard(blob: Blob): Promise<boolean> {
  if (blob.size > SHARE_CARD.maxBytes) return false;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const refusal = imageRefusal({
    size: blob.size,
    types: SHARE_CARD_CONTENT_TYPES,
    ...(blob.type ? { contentType: blob.type } : {}),
    sniffedType: sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES)),
  });
  if (refusal) return false;
  const size = imageDimensions(bytes);
  return size?.width === SHARE_CARD.width && size.height === SHARE_CARD.height;
}

/** Whether a user other than `userId` has this file as their profile photo. */
export async function isPhotoOfAnotherUser(ctx: QueryCtx, storageId: Id<"_storage">, userId: Id<"users">) {
  const users = await ctx.db
    .query("users")
    .withIndex("by_photoStorageId", (q) => q.eq("photoStorageId", storageId))
    .take(2);
  return users.some((user) => user._id !== userId);
}

/** Whether the file is a work's screenshot or share card, or one waiting in the posting wizard. */
export async function isScreenshotFile(ctx: QueryCtx, storageId: Id<"_storage">) {
  const row = await ctx.db
    .query("screenshotFiles")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  return row !== null;
}

/** Whether the file is a registered photo upload (checked and waiting, or someone's photo). */
export async function isPhotoFile(ctx: QueryCtx, storageId: Id<"_storage">) {
  const row = await ctx.db
    .query("photoFiles")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  return row !== null;
}

/** Whether anyone's photo (or photo upload) or any screenshot (posted or pending) is this file. */
export async function isFileInUse(ctx: QueryCtx, storageId: Id<"_storage">) {
  const photoHolder = await ctx.db
    .query("users")
    .withIndex("by_photoStorageId", (q) => q.eq("photoStorageId", storageId))
    .first();
  return photoHolder !== null || (await isPhotoFile(ctx, storageId)) || (await isScreenshotFile(ctx, storageId));
}

/**
 * The mutation-side check of an uploaded image the caller wants to use: it must exist, be at
 * most 5 MB, not be declared as another type, and not be someone else's photo. Throws
 * ConvexError INVALID_IMAGE with the message to show.
 */
export async function checkStoredImage(ctx: QueryCtx, storageId: Id<"_storage">, userId: Id<"users">) {
  const file = await ctx.db.system.get("_storage", storageId);
  if (!file || (await isPhotoOfAnotherUser(ctx, storageId, userId)) || (await isScreenshotFile(ctx, storageId))) {
    throw userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed, { photo: IMAGE_MESSAGES.uploadFailed });
  }
  const refusal = imageRefusal({ size: file.size, ...(file.contentType ? { contentType: file.contentType } : {}) });
  if (refusal) throw userError("INVALID_IMAGE", refusal, { photo: refusal });
}

/** Deletes a stored file if it is still there (deleting a missing file would throw). */
export async function deleteStoredFile(ctx: MutationCtx, storageId: Id<"_storage">) {
  if (await ctx.db.system.get("_storage", storageId)) await ctx.storage.delete(storageId);
}
