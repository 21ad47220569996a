// Generated screenshots for the demo data: an abstract app mock-up (browser bar, hero, cards) in
// each work's colours, encoded as a real PNG so it goes through storage like an upload would.
import { encode } from "fast-png";

export type Palette = { from: [number, number, number]; to: [number, number, number]; accent: [number, number, number] };

type Canvas = { width: number; height: number; data: Uint8Array };

function fillRect(c: Canvas, x: number, y: number, w: number, h: number, rgb: readonly number[], alpha = 1) {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(c.width, Math.round(x + w));
  const y1 = Math.min(c.height, Math.round(y + h));
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) {
      const i = (py * c.width + px) * 3;
      for (let k = 0; k < 3; k++) c.data[i + k] = Math.round(c.data[i + k]! * (1 - alpha) + rgb[k]! * alpha);
    }
  }
}

/** Renders one mock-up; `variant` changes the layout so a work's screenshots differ. */
export function renderMockupPng(palette: Palette, width: number, height: number, variant: number): Uint8Array {
  const c: Canvas = { width, height, data: new Uint8Array(width * height * 3) };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) c.data[i + k] = Math.round(palette.from[k]! * (1 - t) + palette.to[k]! * t);
    }
  }
  const u = width / 100; // layout unit: 1% of the width
  const white = [255, 255, 255];
  fillRect(c, 0, 0, width, 6 * u, white, 0.9); // browser bar
  [0, 1, 2].forEach((n) => fillRect(c, 2 * u + n * 3 * u, 2 * u, 2 * u, 2 * u, [220, 220, 228]));
  fillRect(c, 14 * u, 1.6 * u, 50 * u, 2.8 * u, [236, 236, 242]);
  if (variant % 2 === 0) {
    fillRect(c, 8 * u, 12 * u, 50 * u, 5 * u, white, 0.95); // headline
    fillRect(c, 8 * u, 19 * u, 38 * u, 2.5 * u, white, 0.7);
    fillRect(c, 8 * u, 24 * u, 16 * u, 5 * u, palette.accent); // button
    for (let n = 0; n < 3; n++) {
      const x = 8 * u + n * 29 * u;
      fillRect(c, x, 34 * u, 26 * u, 22 * u, white, 0.92);
      fillRect(c, x + 2 * u, 36 * u, 22 * u, 10 * u, palette.accent, 0.35 + n * 0.2);
      fillRect(c, x + 2 * u, 48 * u, 16 * u, 2 * u, [90, 90, 110], 0.5);
    }
  } else {
    fillRect(c, 0, 6 * u, 18 * u, height, white, 0.85); // sidebar
    for (let n = 0; n < 6; n++) fillRect(c, 3 * u, 11 * u + n * 5 * u, 12 * u, 2 * u, [120, 120, 140], 0.5);
    fillRect(c, 24 * u, 11 * u, 70 * u, 20 * u, white, 0.92); // chart panel
    for (let n = 0; n < 10; n++) {
      const barHeight = (4 + ((n * 37 + variant * 11) % 13)) * u;
      fillRect(c, 27 * u + n * 6.5 * u, 29 * u - barHeight, 4 * u, barHeight, palette.accent, 0.8);
    }
    for (let n = 0; n < 2; n++) fillRect(c, 24 * u + n * 36 * u, 35 * u, 34 * u, 20 * u, white, 0.9);
  }
  return encode({ width, height, data: c.data, channels: 3, depth: 8 });
}
