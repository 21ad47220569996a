/** Gallery cards are at most ~400 CSS px wide; 800 px covers 2x screens. */
const THUMBNAIL_MAX_SIDE = 800;
/** Well under the server's 1 MB thumbnail limit. */
const THUMBNAIL_TARGET_MB = 0.4;

/**
 * The downscaled copy a gallery card shows instead of the original (DECISIONS.md "Data rules").
 * PNGs stay PNG (transparency), JPEGs stay JPEG and a GIF becomes a PNG of its first frame
 * (unless the GIF itself is already the smaller file, which the library then keeps).
 */
export async function makeThumbnail(file: File): Promise<File> {
  // Loaded on demand: only people posting need it.
  const { default: imageCompression } = await import("browser-image-compression");
  const fileType = file.type === "image/jpeg" ? "image/jpeg" : "image/png";
  return await imageCompression(file, {
    maxWidthOrHeight: THUMBNAIL_MAX_SIDE,
    maxSizeMB: THUMBNAIL_TARGET_MB,
    fileType,
    initialQuality: 0.85,
    // Its worker loads a script from a CDN; the app must also work offline.
    useWebWorker: false,
  });
}
