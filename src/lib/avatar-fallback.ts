/**
 * Generated avatar fallback: initials on a colour derived from a seed (the user id), so the
 * same person always gets the same colour on every page and device.
 */

export type AvatarColor = { background: string; foreground: string };

// Mid-tone backgrounds that all keep white initials above WCAG AA contrast.
const PALETTE: readonly AvatarColor[] = [
  { background: "#7c3aed", foreground: "#ffffff" }, // violet
  { background: "#db2777", foreground: "#ffffff" }, // pink
  { background: "#2563eb", foreground: "#ffffff" }, // blue
  { background: "#0f766e", foreground: "#ffffff" }, // teal
  { background: "#15803d", foreground: "#ffffff" }, // green
  { background: "#b45309", foreground: "#ffffff" }, // amber
  { background: "#c2410c", foreground: "#ffffff" }, // orange
  { background: "#4f46e5", foreground: "#ffffff" }, // indigo
  { background: "#be123c", foreground: "#ffffff" }, // rose
  { background: "#475569", foreground: "#ffffff" }, // slate
];

/** FNV-1a: tiny, stable across browsers, spreads similar ids over the palette. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function avatarColor(seed: string): AvatarColor {
  // The palette is non-empty, so the index is always in range.
  return PALETTE[hashString(seed) % PALETTE.length] as AvatarColor;
}

// Kana and kanji names read naturally with one character; Latin names use two initials.
const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** "Taro Yamada" → "TY", "yuki" → "Y", "山田 太郎" → "山", "" → "?" */
export function getInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s\u3000]+/u)
    .filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const firstChar = Array.from(first)[0] ?? "?";
  if (JAPANESE_SCRIPT.test(firstChar)) return firstChar;
  const second = words[1] ? (Array.from(words[1])[0] ?? "") : "";
  return (firstChar + second).toUpperCase();
}
