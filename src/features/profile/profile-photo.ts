import { IMAGE_CONTENT_TYPES, LIMITS } from "../../../convex/constants";

/** What to do with the profile photo on save; the file is uploaded only then. */
export type PhotoChoice = { kind: "keep" } | { kind: "remove" } | { kind: "upload"; file: File };

export const KEEP_PHOTO: PhotoChoice = { kind: "keep" };

export const PHOTO_TOO_LARGE = "画像サイズは5MB以下にしてください";
export const PHOTO_WRONG_TYPE = "PNG、JPEG、GIF形式の画像を選択してください";

/** The `accept` list of the file picker (the server checks the stored file again). */
export const PHOTO_ACCEPT = IMAGE_CONTENT_TYPES.join(",");

/** Why a picked file cannot be the profile photo, or null when it can. Checked before any upload. */
export function photoFileProblem(file: File): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return PHOTO_WRONG_TYPE;
  if (file.size > LIMITS.imageMaxBytes) return PHOTO_TOO_LARGE;
  return null;
}
