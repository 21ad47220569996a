import { IMAGE_CONTENT_TYPES, LIMITS } from "../../convex/constants";
import { IMAGE_MESSAGES } from "../../convex/model/images";

/** The `accept` list of image pickers (the server checks the stored file again). */
export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(",");

/**
 * Why a picked file cannot be uploaded as a photo or screenshot (PNG, JPEG or GIF, at most
 * 5 MB), or null when it can. Checked before any upload, so nobody waits for a refusal; the
 * messages are the server's own.
 */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.wrongType;
  if (file.size > LIMITS.imageMaxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}
