// Watches the convex/ folder and calls back (debounced) when source files change.
import fs from "node:fs";
import { clearTimeout, setTimeout } from "node:timers";

// Type declarations in _generated (rewritten by codegen) change nothing that runs.
const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)|\.(tmp|swp|swx)$|~$|(^|[/\\])\.#|(^|[/\\])_generated[/\\].*\.d\.ts$/;

export function watchFolder(dir: string, onChange: () => void, debounceMs = 120): () => void {
  let timer: NodeJS.Timeout | null = null;
  const watcher = fs.watch(dir, { recursive: true }, (_event, filename) => {
    if (filename && IGNORED.test(String(filename))) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, debounceMs);
  });
  watcher.on("error", () => undefined);
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
