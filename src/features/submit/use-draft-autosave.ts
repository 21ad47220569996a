import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { readServerError } from "@/lib/convex-error";
import type { ScreenshotIds } from "./use-screenshot-uploads";
import { EMPTY_WORK, workChanged, type WorkFormInput } from "./work-form-state";

/** How long after the last keystroke the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1000;

/** Saves the draft (a new one without `id`); resolves the draft's id. */
export type SaveDraft = (id: string | null, values: WorkFormInput, screenshots: ScreenshotIds[]) => Promise<string>;

export type DraftStatus = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; message: string };

type Snapshot = { values: WorkFormInput; screenshots: ScreenshotIds[] };
const keyOf = (snapshot: Snapshot) => JSON.stringify(snapshot);

/**
 * Keeps the wizard's text and finished uploads as a draft on the server: saved a second after
 * typing stops, and at once on `flush` (a step change). A new draft is made only once something
 * was entered; `onCreated` hears its id. `unsaved` is true while the form holds anything the
 * server does not have yet.
 */
export function useDraftAutosave({
  initialId,
  values,
  screenshots,
  save,
  onCreated,
}: {
  initialId: string | null;
  values: WorkFormInput;
  screenshots: ScreenshotIds[];
  save: SaveDraft | undefined;
  onCreated?: (id: string) => void;
}) {
  const [status, setStatus] = useState<DraftStatus>({ kind: "idle" });
  const id = useRef(initialId);
  const current = keyOf({ values, screenshots });
  const latest = useRef<Snapshot>({ values, screenshots });
  useLayoutEffect(() => {
    latest.current = { values, screenshots };
  });
  // What the server holds: the draft as loaded, or nothing yet (an empty form needs no draft).
  const [savedKey, setSavedKey] = useState(() => (initialId ? current : keyOf({ values: EMPTY_WORK, screenshots: [] })));
  const inFlight = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = useCallback(async (): Promise<void> => {
    if (!save || stopped.current) return;
    // One save at a time; a change made meanwhile is saved right after.
    while (inFlight.current) await inFlight.current;
    const snapshot = latest.current;
    const key = keyOf(snapshot);
    const blank = !workChanged(snapshot.values, EMPTY_WORK) && snapshot.screenshots.length === 0;
    if (id.current === null && blank) return;
    const attempt = (async () => {
      setStatus({ kind: "saving" });
      try {
        const savedId = await save(id.current, snapshot.values, snapshot.screenshots);
        // Kept even when posting began meanwhile: the post names this draft so it is used up.
        const created = id.current === null;
        id.current = savedId;
        if (stopped.current) return;
        if (created) onCreated?.(savedId);
        setSavedKey(key);
        setStatus({ kind: "saved" });
      } catch (error) {
        if (!stopped.current)
          setStatus({
            kind: "failed",
            message: readServerError(error).message,
          });
      }
    })();
    inFlight.current = attempt;
    await attempt;
    inFlight.current = null;
  }, [save, onCreated]);

  const unsaved = save !== undefined && current !== savedKey;

  useEffect(() => {
    if (!unsaved) return;
    timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [current, unsaved, run]);

  /** Saves now what is not saved yet (on a step change). */
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    if (unsaved) void run();
  }, [run, unsaved]);

  /**
   * Posting or discarding: no more saves. Returns the save under way to wait for (then
   * `draftId()` is final), or null when none is.
   */
  const stop = useCallback((): Promise<void> | null => {
    if (timer.current) clearTimeout(timer.current);
    stopped.current = true;
    return inFlight.current;
  }, []);

  /** Saves resume (posting was refused, so the person keeps writing). */
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  return { status, unsaved, flush, stop, resume, draftId: () => id.current };
}
