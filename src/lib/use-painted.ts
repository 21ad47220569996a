import { useEffect, useState } from "react";

/**
 * False until what the component first rendered has been painted, then true: for what can wait
 * until the screen shows the rest (a frame's callbacks run before its paint; a task queued from
 * one runs after it). In a hidden tab, which paints nothing, it waits until the tab is shown.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
