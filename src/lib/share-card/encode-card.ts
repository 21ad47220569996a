// Turning a drawing into a share card file in the browser: images fetched so the canvas stays
// readable, the page's own font (so Japanese renders as on the site), and an encoding small
// enough for crawlers (WebP, else JPEG) that screenshots.checkShareCard accepts.
import { SHARE_CARD, SHARE_CARD_CONTENT_TYPES } from "../../../convex/constants";

/** The picked file, or the URL of an image already stored. */
export type CardImageSource = Blob | string;

/** What the card is encoded to aim under; the server accepts up to SHARE_CARD.maxBytes. */
export const SHARE_CARD_TARGET_BYTES = 150 * 1024;
const QUALITIES = [0.85, 0.75, 0.62] as const;
/** The app's font stack (index.css --font-sans), for when the page's cannot be read. */
const FALLBACK_FONT_FAMILY =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "BIZ UDPGothic", "Yu Gothic UI", Meiryo, system-ui, sans-serif';

type Encode = (type: string, quality: number) => Promise<Blob | null>;

/**
 * WebP, else JPEG, at the best quality under SHARE_CARD_TARGET_BYTES; else the smallest one made
 * that the server takes. A browser that cannot encode a type hands back a PNG (recognised by its
 * type), which is kept only as the last resort.
 */
export async function encodeCard(encode: Encode): Promise<Blob> {
  let smallest: Blob | null = null;
  const consider = (blob: Blob) => {
    if ((SHARE_CARD_CONTENT_TYPES as readonly string[]).includes(blob.type) && (!smallest || blob.size < smallest.size)) smallest = blob;
  };
  for (const type of ["image/webp", "image/jpeg"]) {
    for (const quality of QUALITIES) {
      const blob = await encode(type, quality);
      if (!blob) break;
      consider(blob);
      // Not this type (quality then changes nothing): try the next one.
      if (blob.type !== type) break;
      if (blob.size <= SHARE_CARD_TARGET_BYTES) return blob;
    }
  }
  const best = smallest as Blob | null;
  if (best && best.size <= SHARE_CARD.maxBytes) return best;
  throw new Error("share card: no encoding small enough");
}

/** Decodes an image (a GIF gives its first frame). A URL is fetched with CORS, so the canvas stays readable. */
export async function loadCardImage(source: CardImageSource): Promise<ImageBitmap> {
  const blob = typeof source === "string" ? await (await fetch(source, { mode: "cors", credentials: "omit" })).blob() : source;
  return await createImageBitmap(blob);
}

/** The font family the page's text is set in (Tailwind's font-sans on <body>). */
function pageFontFamily(): string {
  const family = typeof document !== "undefined" ? getComputedStyle(document.body).fontFamily : "";
  return family.trim() || FALLBACK_FONT_FAMILY;
}

/** Waits for the fonts the card uses (web fonts would otherwise draw in a fallback). */
async function fontsLoaded(family: string, text: string) {
  if (typeof document === "undefined" || !("fonts" in document)) return;
  await Promise.all([800, 700, 600].map((weight) => document.fonts.load(`${weight} 48px ${family}`, text))).catch(() => undefined);
}

function canvasToBlob(canvas: HTMLCanvasElement): Encode {
  return (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Draws a card on a fresh canvas of SHARE_CARD's size in the page's font (once the glyphs of
 * `text` are loaded) and encodes it; throws when the canvas fails.
 */
export async function renderCard(text: string, draw: (ctx: CanvasRenderingContext2D, family: string) => void): Promise<Blob> {
  const family = pageFontFamily();
  await fontsLoaded(family, text);
  const canvas = document.createElement("canvas");
  canvas.width = SHARE_CARD.width;
  canvas.height = SHARE_CARD.height;
  const ctx = canvas.getContext("2d", { alpha: false });
  if (!ctx) throw new Error("share card: no 2D canvas");
  draw(ctx, family);
  return await encodeCard(canvasToBlob(canvas));
}
