// Draws a work's share card (1200×630, the og:image of its share link) on a 2D canvas: the first
// screenshot on the brand gradient, the title, the author and, for zero-code works, the ゼロコード
// badge as the gallery's cards show it, under the site's logo and name. Colours are the design
// system's (src/index.css, /styleguide).
import { avatarColor, getInitials } from "@/lib/avatar-fallback";
import {
  CARD_HEIGHT as H,
  CARD_WIDTH as W,
  COLORS,
  brandGradient,
  drawCover,
  drawFramedScreenshot,
  drawSiteName,
  font,
  measureWith,
  roundedRect,
  type CardImage,
} from "@/lib/share-card/canvas";
import { fitLine, fitTitle, hangingIndent, type TitleSize } from "@/lib/share-card/title-layout";

export type { CardImage };

export type ShareCardContent = {
  title: string;
  authorName: string;
  /** Seeds the colour of the initials when there is no photo (the user id, as on the site). */
  authorId: string;
  isZeroCode: boolean;
  /** The first screenshot; null draws a plain stage. */
  screenshot: CardImage | null;
  avatar: CardImage | null;
};

/** The text column on the left; the stage with the screenshot on the right. */
const PAD = 64;
const STAGE_X = 600;
const TEXT_WIDTH = STAGE_X - PAD - 56;
/** A landscape screenshot's frame: 16:10 like the gallery's cards, bleeding off the right edge. */
const WIDE_FRAME = { x: 648, y: 118, width: 640, height: 400, radius: 20 };
/** A portrait (phone) screenshot stands upright in the middle of the stage, like a phone. */
const TALL_FRAME_HEIGHT = 510;
/** The narrowest a portrait frame gets (a 9:19.5 phone); anything taller is cropped from the top. */
const TALL_MIN_ASPECT = 9 / 19.5;

type Frame = { x: number; y: number; width: number; height: number; radius: number };

/** Where the screenshot goes: the wide frame, or an upright one of the phone screenshot's shape. */
function frameFor(image: CardImage | null): Frame {
  if (!image || image.width >= image.height) return WIDE_FRAME;
  const width = Math.round(TALL_FRAME_HEIGHT * Math.max(TALL_MIN_ASPECT, image.width / image.height));
  return {
    x: Math.round((STAGE_X + W - width) / 2),
    y: Math.round((H - TALL_FRAME_HEIGHT) / 2),
    width,
    height: TALL_FRAME_HEIGHT,
    radius: 28,
  };
}

/** Largest first; a long title steps down, then is cut with an ellipsis on its third line. */
const TITLE_SIZES: readonly TitleSize[] = [
  { fontSize: 60, maxLines: 2 },
  { fontSize: 52, maxLines: 3 },
  { fontSize: 44, maxLines: 3 },
];
const TITLE_LINE_HEIGHT = 1.4;

/** lucide's Sparkles, the icon of the ゼロコード badge. */
const SPARKLES = [
  "M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z",
  "M20 2v4",
  "M22 4h-4",
  "M6 20a2 2 0 1 1-4 0a2 2 0 1 1 4 0z",
];

/** The ゼロコード badge as the gallery's cards show it (Badge color="purple", with Sparkles). */
function drawZeroCodeBadge(ctx: CanvasRenderingContext2D, x: number, y: number, family: string) {
  const fontSize = 24;
  const icon = 24;
  const height = 48;
  const paddingX = 20;
  const gap = 8;
  ctx.font = font(700, fontSize, family);
  const label = "ゼロコード";
  const width = paddingX * 2 + icon + gap + ctx.measureText(label).width;
  ctx.save();
  ctx.shadowColor = "rgba(24, 24, 27, 0.18)";
  ctx.shadowBlur = 12;
  ctx.shadowOffsetY = 4;
  roundedRect(ctx, x, y, width, height, height / 2);
  ctx.fillStyle = COLORS.brand50;
  ctx.fill();
  ctx.restore();
  roundedRect(ctx, x + 1, y + 1, width - 2, height - 2, height / 2 - 1);
  ctx.strokeStyle = "rgba(124, 58, 237, 0.2)";
  ctx.lineWidth = 2;
  ctx.stroke();

  ctx.save();
  ctx.translate(x + paddingX, y + (height - icon) / 2);
  ctx.strokeStyle = COLORS.brand700;
  ctx.lineWidth = 2;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const d of SPARKLES) ctx.stroke(new Path2D(d));
  ctx.restore();

  ctx.fillStyle = COLORS.brand700;
  ctx.textBaseline = "middle";
  ctx.fillText(label, x + paddingX + icon + gap, y + height / 2 + 1);
}

/** The author's photo in a circle, or their initials on their colour (as the site's Avatar). */
function drawAvatar(ctx: CanvasRenderingContext2D, content: ShareCardContent, x: number, y: number, size: number, family: string) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2);
  ctx.clip();
  if (content.avatar) {
    drawCover(ctx, content.avatar, x, y, size, size);
  } else {
    const color = avatarColor(content.authorId);
    ctx.fillStyle = color.background;
    ctx.fillRect(x, y, size, size);
    ctx.fillStyle = color.foreground;
    ctx.font = font(700, Math.round(size * 0.42), family);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(getInitials(content.authorName), x + size / 2, y + size / 2 + 1);
  }
  ctx.restore();
}

/** Draws the whole card on a context of SHARE_CARD's size, in the given CSS font family. */
export function drawShareCard(ctx: CanvasRenderingContext2D, content: ShareCardContent, family: string) {
  ctx.textAlign = "left";
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, H);

  // The stage: the brand gradient behind the screenshot.
  ctx.fillStyle = brandGradient(ctx, STAGE_X, 0, W - STAGE_X, H);
  ctx.fillRect(STAGE_X, 0, W - STAGE_X, H);

  // The screenshot in its frame, lifted off the stage.
  const frame = frameFor(content.screenshot);
  drawFramedScreenshot(ctx, content.screenshot, frame);
  // Where the gallery's cards show it: on the image's top left corner (off it for a narrow phone).
  if (content.isZeroCode) {
    const wide = frame === WIDE_FRAME;
    drawZeroCodeBadge(ctx, wide ? frame.x + 20 : frame.x - 44, wide ? frame.y + 20 : frame.y + 28, family);
  }

  // The site: logo mark, name and its English name, as in the header.
  drawSiteName(ctx, PAD, PAD, family);

  // The title, vertically centred between the site's name and the author.
  const title = fitTitle(content.title, TEXT_WIDTH, TITLE_SIZES, (size) => measureWith(ctx, font(800, size, family)));
  const lineHeight = title.fontSize * TITLE_LINE_HEIGHT;
  const top = PAD + 52;
  const bottom = H - PAD - 56;
  let y = top + (bottom - top - title.lines.length * lineHeight) / 2;
  ctx.fillStyle = COLORS.text;
  ctx.textBaseline = "middle";
  ctx.font = font(800, title.fontSize, family);
  for (const line of title.lines) {
    // A line that starts with 「 or （ hangs it by half a character, so the text keeps its edge.
    ctx.fillText(line, PAD - hangingIndent(line) * title.fontSize, y + lineHeight / 2);
    y += lineHeight;
  }

  // The author.
  const avatarSize = 56;
  const avatarY = H - PAD - avatarSize;
  drawAvatar(ctx, content, PAD, avatarY, avatarSize, family);
  const nameFont = font(700, 26, family);
  const name = fitLine(content.authorName, TEXT_WIDTH - avatarSize - 16, measureWith(ctx, nameFont));
  ctx.font = nameFont;
  ctx.fillStyle = COLORS.muted;
  ctx.textBaseline = "middle";
  ctx.fillText(name, PAD + avatarSize + 16, avatarY + avatarSize / 2 + 1);
}
