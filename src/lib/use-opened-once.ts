import { useState } from "react";

/**
 * Whether `open` has ever been true: a dialog whose code loads on first use mounts from then on
 * and stays mounted, so closing animates and opening again is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
