/** What to do with the profile photo on save; the file is uploaded only then. */
export type PhotoChoice = { kind: "keep" } | { kind: "remove" } | { kind: "upload"; file: File };

export const KEEP_PHOTO: PhotoChoice = { kind: "keep" };
