import { THUMBNAIL_WIDTH } from "@/components/works/card-image";

// Gallery cards are at most ~400 CSS px wide and crop to 16:10; THUMBNAIL_WIDTH (640 px) is sharp
// on most screens and keeps a page of 20 cards well under 1 MB of images.
/** A tall screenshot keeps its width up to this height (the card shows its middle). */
const THUMBNAIL_MAX_HEIGHT = 2 * THUMBNAIL_WIDTH;
/** What the library aims for; a card thumbnail is typically 20–60 kB. */
const THUMBNAIL_TARGET_MB = 0.15;

/** The longest side to scale to so that the width is at most THUMBNAIL_WIDTH. */
async function longestSide(file: File): Promise<number> {
  if (typeof createImageBitmap !== "function") return THUMBNAIL_WIDTH;
  const bitmap = await createImageBitmap(file);
  const { width, height } = bitmap;
  bitmap.close();
  if (height <= width) return THUMBNAIL_WIDTH;
  return Math.min(THUMBNAIL_MAX_HEIGHT, Math.round((THUMBNAIL_WIDTH * height) / width));
}

/**
 * The downscaled copy a gallery card shows instead of the original (docs/decisions.md "Uploads"):
 * WebP (transparency included), or JPEG where the browser cannot encode WebP (its canvas then
 * hands back a PNG, which is recognised by its type). A GIF becomes a still of its first frame.
 */
export async function makeThumbnail(file: File): Promise<File> {
  // Loaded on demand: only people posting need it.
  const { default: imageCompression } = await import("browser-image-compression");
  const maxWidthOrHeight = await longestSide(file);
  const make = (fileType: "image/webp" | "image/jpeg") =>
    imageCompression(file, {
      maxWidthOrHeight,
      maxSizeMB: THUMBNAIL_TARGET_MB,
      fileType,
      initialQuality: 0.8,
      // Its worker loads a script from a CDN; the app must also work offline.
      useWebWorker: false,
    });
  const webp = await make("image/webp");
  return webp.type === "image/webp" ? webp : await make("image/jpeg");
}
