import { IMAGE_CONTENT_TYPES, LIMITS } from "../../convex/constants";
import { IMAGE_MESSAGES, IMAGE_SNIFF_BYTES, sniffImageType } from "../../convex/model/images";

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

/** The refusal of a file that says it is an image but is not one (a text file renamed .png). */
export function unreadableImageMessage(fileName: string): string {
  return `「${fileName}」は画像として読み込めませんでした。${IMAGE_MESSAGES.wrongType}`;
}

/** The first `count` bytes of a file. */
function readHead(file: Blob, count: number): Promise<Uint8Array> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === "function") return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  // Older engines (and jsdom) only read files through FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Why the browser cannot take a picked file as the PNG, JPEG or GIF it says it is (its first bytes
 * are something else, or it does not decode), or null when it can. Checked before the file takes
 * a slot or an upload; the server reads the bytes again.
 */
export async function unreadableImageProblem(file: File): Promise<string | null> {
  const refusal = unreadableImageMessage(file.name);
  try {
    const type = sniffImageType(await readHead(file, IMAGE_SNIFF_BYTES));
    if (type === null || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(type)) return refusal;
    // Right first bytes can still hide a broken file; only decoding tells.
    if (typeof createImageBitmap === "function") (await createImageBitmap(file)).close();
    return null;
  } catch {
    return refusal;
  }
}
