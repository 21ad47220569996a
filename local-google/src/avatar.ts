// Generated profile pictures, so demo and typed identities get a picture URL without any network:
// a coloured circle with the first letter of the name, like Google's default avatar.
import { createHash } from "node:crypto";
import { escapeXml } from "./html.js";

// Google's default-avatar palette is similar: saturated mid-tones that carry white text.
const GREY = "#5f6368";
const COLOURS = ["#1a73e8", "#d93025", "#188038", "#e37400", "#a142f4", "#007b83", "#c5221f", GREY];

export function avatarSvg(seed: string, name: string): string {
  const digest = createHash("sha256").update(seed).digest();
  // The index is always in range; GREY only satisfies the type checker.
  const colour = COLOURS[digest.readUInt8(0) % COLOURS.length] ?? GREY;
  const letter = escapeXml(firstLetter(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${letter}">
<circle cx="48" cy="48" r="48" fill="${colour}"/>
<text x="48" y="49" dy="0.35em" text-anchor="middle" font-family="'Noto Sans JP','Hiragino Sans',Roboto,Arial,sans-serif" font-size="44" fill="#fff">${letter}</text>
</svg>`;
}

function firstLetter(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "?";
  // A grapheme, not a UTF-16 unit, so emoji and combined characters stay whole.
  const [first] = new Intl.Segmenter("ja", { granularity: "grapheme" }).segment(trimmed);
  return (first?.segment ?? "?").toUpperCase();
}
