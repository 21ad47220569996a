/** Longest side of the stored avatar: it never shows larger than 96 CSS px, so 512 covers 4x screens. */
const AVATAR_MAX_SIDE = 512;

/**
 * Downscales a photo before upload so a 5 MB camera picture becomes a small avatar. GIFs are
 * sent as they are (re-encoding would drop their animation), and if shrinking fails for any
 * reason the original, already checked to be within 5 MB, is used.
 */
async function shrinkForAvatar(file: File): Promise<File> {
  if (file.type === "image/gif") return file;
  try {
    // Loaded on demand: only people changing their photo need it.
    const { default: imageCompression } = await import("browser-image-compression");
    const smaller = await imageCompression(file, {
      maxWidthOrHeight: AVATAR_MAX_SIDE,
      fileType: file.type,
      initialQuality: 0.9,
      // Its worker loads a script from a CDN; the app must also work offline.
      useWebWorker: false,
    });
    return smaller.size < file.size ? smaller : file;
  } catch {
    return file;
  }
}

/**
 * Sends the photo to a Convex upload URL and returns its storage id, which the profile
 * mutation then attaches (the server re-checks the stored file's real type and size).
 */
export async function uploadProfilePhoto(file: File, getUploadUrl: () => Promise<string>): Promise<string> {
  const body = await shrinkForAvatar(file);
  const uploadUrl = await getUploadUrl();
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": body.type }, body });
  if (!response.ok) throw new Error(`upload failed with HTTP ${response.status}`);
  const { storageId } = (await response.json()) as { storageId?: unknown };
  if (typeof storageId !== "string") throw new Error("upload response carried no storageId");
  return storageId;
}
