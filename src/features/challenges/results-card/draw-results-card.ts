// Draws a challenge's results card (1200×630, the og:image of the results' share link) in the
// site's look: on the left the site's name, a 「結果発表」 label with a trophy, the challenge's
// title and the awards; on the right, on the brand gradient, the winning work's first screenshot
// with its 優勝 badge, and its title and author beneath.
import {
  CARD_HEIGHT as H,
  CARD_WIDTH as W,
  COLORS,
  brandGradient,
  drawFramedScreenshot,
  drawSiteName,
  font,
  measureWith,
  roundedRect,
  type CardImage,
} from "@/lib/share-card/canvas";
import { hangingIndent } from "@/lib/share-card/title-layout";
import { AUTHOR_SIZE, AWARD_TITLE_SIZE, layoutResultsCard, RESULTS_CARD, type ResultsCardText } from "./results-card-layout";

export type ResultsCardContent = ResultsCardText & {
  /** The winning work's first screenshot; null draws a plain frame. */
  screenshot: CardImage | null;
};

const { pad: PAD, stageX: STAGE_X } = RESULTS_CARD;
/** The winner's screenshot: 16:10 like the gallery's cards, bleeding off the right edge. */
const FRAME = { x: 648, y: 64, width: 640, height: 400, radius: 20 };
const TITLE_LINE_HEIGHT = 1.35;

/** lucide's Trophy and Crown, as the site's 結果発表 and 優勝 show them. */
const TROPHY = [
  "M10 14.66V17a1 1 0 0 1-1 1 2 2 0 0 0-2 2v2",
  "M14 14.66V17a1 1 0 0 0 1 1 2 2 0 0 1 2 2v2",
  "M17.916 10H19.5A2.5 2.5 0 0 0 22 7.5V5a1 1 0 0 0-1-1h-3",
  "M4 22h16",
  "M6 9a6 6 0 0 0 12 0V3a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z",
  "M6.084 10H4.5A2.5 2.5 0 0 1 2 7.5V5a1 1 0 0 1 1-1h3",
];
const CROWN = [
  "M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z",
  "M5 21h14",
];

function drawIcon(ctx: CanvasRenderingContext2D, paths: readonly string[], x: number, y: number, size: number, color: string) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 24, size / 24);
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const d of paths) ctx.stroke(new Path2D(d));
  ctx.restore();
}

/** A pill with an optional icon and a label; returns its width. */
function drawPill(
  ctx: CanvasRenderingContext2D,
  at: { x: number; y: number; height: number; fontSize: number; paddingX: number },
  label: string,
  colors: { background: string; border?: string; text: string },
  family: string,
  icon?: readonly string[],
) {
  const iconSize = icon ? Math.round(at.fontSize * 1.05) : 0;
  const gap = icon ? 10 : 0;
  ctx.font = font(800, at.fontSize, family);
  const width = at.paddingX * 2 + iconSize + gap + ctx.measureText(label).width;
  roundedRect(ctx, at.x, at.y, width, at.height, at.height / 2);
  ctx.fillStyle = colors.background;
  ctx.fill();
  if (colors.border) {
    roundedRect(ctx, at.x + 1, at.y + 1, width - 2, at.height - 2, at.height / 2 - 1);
    ctx.strokeStyle = colors.border;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  if (icon) drawIcon(ctx, icon, at.x + at.paddingX, at.y + (at.height - iconSize) / 2, iconSize, colors.text);
  ctx.fillStyle = colors.text;
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(label, at.x + at.paddingX + iconSize + gap, at.y + at.height / 2 + 1);
  return width;
}

/** Draws the whole card on a context of SHARE_CARD's size, in the given CSS font family. */
export function drawResultsCard(ctx: CanvasRenderingContext2D, content: ResultsCardContent, family: string) {
  const layout = layoutResultsCard(content, (weight, size) => measureWith(ctx, font(weight, size, family)));
  ctx.textAlign = "left";
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, H);

  // The stage: the brand gradient behind the winner.
  ctx.fillStyle = brandGradient(ctx, STAGE_X, 0, W - STAGE_X, H);
  ctx.fillRect(STAGE_X, 0, W - STAGE_X, H);
  drawFramedScreenshot(ctx, content.screenshot, FRAME);
  // 優勝 on the screenshot's corner, gold as the results page's badge.
  ctx.save();
  ctx.shadowColor = "rgba(24, 24, 27, 0.25)";
  ctx.shadowBlur = 12;
  ctx.shadowOffsetY = 4;
  drawPill(
    ctx,
    { x: FRAME.x + 20, y: FRAME.y + 20, height: 52, fontSize: 26, paddingX: 20 },
    "優勝",
    { background: COLORS.amber400, text: COLORS.text },
    family,
    CROWN,
  );
  ctx.restore();

  // The winner's title and author under the screenshot, in white on the gradient.
  const winnerLineHeight = layout.winnerTitle.fontSize * 1.3;
  let y = FRAME.y + FRAME.height + 28;
  ctx.fillStyle = "#ffffff";
  ctx.textBaseline = "middle";
  ctx.font = font(800, layout.winnerTitle.fontSize, family);
  for (const line of layout.winnerTitle.lines) {
    ctx.fillText(line, FRAME.x - hangingIndent(line) * layout.winnerTitle.fontSize, y + winnerLineHeight / 2);
    y += winnerLineHeight;
  }
  ctx.font = font(600, AUTHOR_SIZE, family);
  ctx.fillStyle = "rgba(255, 255, 255, 0.88)";
  ctx.fillText(layout.author, FRAME.x, y + 6 + AUTHOR_SIZE / 2);

  // The text column: the site, the label, the challenge's title.
  drawSiteName(ctx, PAD, 56, family);
  drawPill(
    ctx,
    { x: PAD, y: 150, height: 56, fontSize: 28, paddingX: 22 },
    "結果発表",
    { background: COLORS.amber50, border: "rgba(217, 119, 6, 0.35)", text: COLORS.amber800 },
    family,
    TROPHY,
  );
  const titleLineHeight = layout.challengeTitle.fontSize * TITLE_LINE_HEIGHT;
  y = 232;
  ctx.fillStyle = COLORS.text;
  ctx.textBaseline = "middle";
  ctx.font = font(800, layout.challengeTitle.fontSize, family);
  for (const line of layout.challengeTitle.lines) {
    ctx.fillText(line, PAD - hangingIndent(line) * layout.challengeTitle.fontSize, y + titleLineHeight / 2);
    y += titleLineHeight;
  }

  // The awards at the foot of the column, 優秀賞 first.
  const rowHeight = 44;
  let rowY = H - 56 - layout.awards.length * (rowHeight + 8) + 8;
  for (const award of layout.awards) {
    drawPill(
      ctx,
      { x: PAD, y: rowY + 4, height: 36, fontSize: 20, paddingX: 16 },
      award.label,
      { background: COLORS.brand50, border: "rgba(124, 58, 237, 0.2)", text: COLORS.brand700 },
      family,
    );
    ctx.font = font(700, AWARD_TITLE_SIZE, family);
    ctx.fillStyle = COLORS.text;
    ctx.textBaseline = "middle";
    ctx.fillText(award.title, PAD + RESULTS_CARD.awardLabelWidth + RESULTS_CARD.awardGap, rowY + rowHeight / 2 + 1);
    rowY += rowHeight + 8;
  }
}
