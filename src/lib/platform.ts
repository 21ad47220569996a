import type { KeyboardEvent as ReactKeyboardEvent } from "react";

/** Apple keyboards say ⌘ where others say Ctrl; used only for shortcut hints. */
export function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Ctrl+K or ⌘K, the shortcut that opens search. */
export function isSearchShortcut(event: KeyboardEvent | ReactKeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
}
