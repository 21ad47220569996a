// Drawing pieces every share card shares (a work's, a challenge's results): the design system's
// colours (src/index.css, /styleguide), fonts, the brand gradient, images cropped to a box, and
// the site's logo and name as the header shows them. Everything draws on a 2D canvas of
// SHARE_CARD's size.
import { SHARE_CARD } from "../../../convex/constants";
import { SITE_NAME, SITE_NAME_EN } from "@/config/site";
import type { Measure } from "./title-layout";

/** An image ready to draw, with its size in pixels. */
export type CardImage = CanvasImageSource & { width: number; height: number };

export const CARD_WIDTH = SHARE_CARD.width;
export const CARD_HEIGHT = SHARE_CARD.height;

export const COLORS = {
  page: "#ffffff",
  text: "#18181b", // zinc-900
  muted: "#52525b", // zinc-600
  subtle: "#71717a", // zinc-500
  brand600: "#7c3aed",
  brand700: "#6d28d9",
  brand50: "#f5f3ff",
  accent500: "#ec4899",
  amber50: "#fffbeb",
  amber400: "#fbbf24",
  amber600: "#d97706",
  amber800: "#92400e",
};

/** A CSS font shorthand. */
export const font = (weight: number, size: number, family: string) => `${weight} ${size}px ${family}`;

/** Starts a path of a rounded rectangle (fill, stroke or clip it afterwards). */
export function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
}

/** The brand gradient at 135°, as `bg-brand-gradient` (violet to pink). */
export function brandGradient(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number) {
  const gradient = ctx.createLinearGradient(x, y, x + width, y + height);
  gradient.addColorStop(0, COLORS.brand600);
  gradient.addColorStop(1, COLORS.accent500);
  return gradient;
}

/** Draws `image` to fill the box, cropped rather than stretched: centred across, from the top down. */
export function drawCover(ctx: CanvasRenderingContext2D, image: CardImage, x: number, y: number, width: number, height: number) {
  const scale = Math.max(width / image.width, height / image.height);
  const sourceWidth = width / scale;
  const sourceHeight = height / scale;
  // Screens are read from the top: a tall screenshot shows its header, not its middle.
  const sourceX = (image.width - sourceWidth) / 2;
  ctx.drawImage(image, sourceX, 0, sourceWidth, sourceHeight, x, y, width, height);
}

/**
 * A screenshot in a rounded frame lifted off the stage by a shadow: the frame is filled with the
 * page colour (all that shows when there is no screenshot), then the screenshot is drawn into it.
 */
export function drawFramedScreenshot(
  ctx: CanvasRenderingContext2D,
  image: CardImage | null,
  frame: { x: number; y: number; width: number; height: number; radius: number },
) {
  ctx.save();
  ctx.shadowColor = "rgba(24, 24, 27, 0.35)";
  ctx.shadowBlur = 48;
  ctx.shadowOffsetY = 18;
  roundedRect(ctx, frame.x, frame.y, frame.width, frame.height, frame.radius);
  ctx.fillStyle = COLORS.page;
  ctx.fill();
  ctx.restore();
  if (!image) return;
  ctx.save();
  roundedRect(ctx, frame.x, frame.y, frame.width, frame.height, frame.radius);
  ctx.clip();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  drawCover(ctx, image, frame.x, frame.y, frame.width, frame.height);
  ctx.restore();
}

/** The logo mark (LogoMark): the gradient tile with the white V. */
export function drawLogoMark(ctx: CanvasRenderingContext2D, x: number, y: number, size: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 64, size / 64);
  roundedRect(ctx, 0, 0, 64, 64, 16);
  ctx.fillStyle = brandGradient(ctx, 0, 0, 64, 64);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(18, 20);
  ctx.lineTo(32, 46);
  ctx.lineTo(46, 20);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 6;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.stroke();
  ctx.restore();
}

/** The site: logo mark, name and its English name, as in the header, with its top left at (x, y). */
export function drawSiteName(ctx: CanvasRenderingContext2D, x: number, y: number, family: string) {
  drawLogoMark(ctx, x, y, 52);
  ctx.textAlign = "left";
  ctx.fillStyle = COLORS.text;
  ctx.textBaseline = "alphabetic";
  ctx.font = font(700, 26, family);
  ctx.fillText(SITE_NAME, x + 68, y + 26);
  ctx.fillStyle = COLORS.subtle;
  ctx.font = font(600, 14, family);
  ctx.letterSpacing = "2px";
  ctx.fillText(SITE_NAME_EN.toUpperCase(), x + 68, y + 48);
  ctx.letterSpacing = "0px";
}

/** How wide text is in `cssFont` on this canvas. */
export function measureWith(ctx: CanvasRenderingContext2D, cssFont: string): Measure {
  return (text) => {
    ctx.font = cssFont;
    return ctx.measureText(text).width;
  };
}
