import type { RefObject } from "react";

/**
 * A dialog opened from a menu item has no trigger of its own to give focus back to (the item is
 * gone once the menu closes), so it returns focus to the menu's button instead.
 */
export function focusOnClose(target: RefObject<HTMLElement | null> | undefined) {
  return (event: Event) => {
    if (!target?.current) return;
    event.preventDefault();
    target.current.focus();
  };
}
