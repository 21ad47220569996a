import { useEffect, useRef } from "react";

/**
 * Runs `action` once per mounted page for each distinct key (skipped while the key is undefined).
 * The ref survives React StrictMode's mount → unmount → mount of effects, so a visit that
 * StrictMode replays is still counted once.
 */
export function useRecordOnce(key: string | undefined, action: (key: string) => void) {
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (key === undefined || done.current === key) return;
    done.current = key;
    action(key);
  }, [key, action]);
}
