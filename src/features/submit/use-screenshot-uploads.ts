import { useCallback, useEffect, useRef, useState } from "react";
import { LIMITS } from "../../../convex/constants";
import { IMAGE_MESSAGES } from "../../../convex/model/images";
import { WORK_MESSAGES } from "../../../convex/model/workRules";
import { readServerError } from "@/lib/convex-error";
import { imageFileProblem } from "@/lib/image-files";

/** A stored image pair, as the server takes it back in projects.create / update. */
export type ScreenshotIds = { storageId: string; thumbnailStorageId: string };

/** An image the work already has (edit mode): `url` shows it (its thumbnail), `originalUrl` is the full image. */
export type ExistingScreenshot = ScreenshotIds & { kind: "existing"; key: string; url: string | null; originalUrl?: string | null };

/** The work's first image as the share card draws it: the picked file, or the stored image's URL. */
export type CoverImage = { storageId: string; source: Blob | string | null };

export type UploadPhase = "preparing" | "uploading" | "checking" | "ready" | "failed";

/** An image picked in this visit, uploaded at once so posting does not wait for it. */
export type NewScreenshot = {
  kind: "new";
  key: string;
  file: File;
  phase: UploadPhase;
  /** 0–1 of the original's bytes sent. */
  progress: number;
  error?: string;
  /** False when trying again cannot help (the file itself was refused). */
  retryable?: boolean;
  /** When trying again may start (ms since the epoch): the server said how long to wait. */
  retryAt?: number;
  ids?: ScreenshotIds;
};

export type ScreenshotItem = ExistingScreenshot | NewScreenshot;

/** How the wizard stores an image: thumbnail, upload with progress, server check. */
export type ScreenshotUploader = {
  /**
   * Why the browser cannot read a picked file as an image, or null. Asked before the file takes
   * a slot, so a refused one never does.
   */
  inspect?: (file: File) => Promise<string | null>;
  upload: (file: File, report: (phase: UploadPhase, progress: number) => void) => Promise<ScreenshotIds>;
  /** Deletes uploads that were taken back before posting. */
  discard: (storageIds: string[]) => Promise<void>;
};

let nextKey = 1;

/**
 * The screenshots step's state: the work's images, new ones with their upload progress, and
 * what may be posted. At most LIMITS.screenshotsMax images in all; refused picks come back as
 * one message to show.
 */
export function useScreenshotUploads(initial: readonly ExistingScreenshot[], uploader: ScreenshotUploader) {
  const [items, setItems] = useState<ScreenshotItem[]>(() => [...initial]);
  // Uploads finish after the person may have removed the image; only live keys get updates.
  const live = useRef(new Set<string>());
  // The items as last rendered, for picks whose files are read before they are added.
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);

  const patch = useCallback((key: string, change: Partial<NewScreenshot>) => {
    if (!live.current.has(key)) return;
    setItems((current) => current.map((item) => (item.key === key && item.kind === "new" ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      patch(key, { phase: "preparing", progress: 0, error: undefined, retryable: undefined, retryAt: undefined });
      uploader
        .upload(file, (phase, progress) => patch(key, { phase, progress }))
        .then((ids) => {
          if (live.current.has(key)) patch(key, { phase: "ready", progress: 1, ids });
          // Removed while uploading: the finished upload is not wanted.
          else void uploader.discard([ids.storageId, ids.thumbnailStorageId]).catch(() => {});
        })
        .catch((error: unknown) => patch(key, { phase: "failed", ...uploadFailure(error, Date.now()) }));
    },
    [patch, uploader],
  );

  /**
   * Adds picked or dropped files once they have been read; resolves to the message for those
   * refused (wrong type, too large, no real image, too many), or null.
   */
  const addFiles = useCallback(
    async (files: readonly File[]): Promise<string | null> => {
      const refusals = files.map(imageFileProblem);
      const unreadable = await Promise.all(
        files.map((file, i) => (refusals[i] === null && uploader.inspect ? uploader.inspect(file) : Promise.resolve(null))),
      );
      let problem: string | null = null;
      const room = LIMITS.screenshotsMax - current.current.length;
      const accepted: NewScreenshot[] = [];
      files.forEach((file, i) => {
        const refusal = refusals[i] ?? unreadable[i];
        if (refusal) problem ??= refusal;
        else if (accepted.length >= room) problem ??= WORK_MESSAGES.screenshotsTooMany;
        else accepted.push({ kind: "new", key: `new-${nextKey++}`, file, phase: "preparing", progress: 0 });
      });
      if (accepted.length > 0) {
        // Counted at once, so a second pick read meanwhile finds the slots taken.
        current.current = [...current.current, ...accepted];
        for (const item of accepted) live.current.add(item.key);
        setItems((shown) => [...shown, ...accepted]);
        for (const item of accepted) start(item.key, item.file);
      }
      return problem;
    },
    [start, uploader],
  );

  const remove = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      live.current.delete(key);
      setItems((current) => current.filter((candidate) => candidate.key !== key));
      if (item?.kind === "new" && item.ids) {
        void uploader.discard([item.ids.storageId, item.ids.thumbnailStorageId]).catch(() => {});
      }
    },
    [items, uploader],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      // Not before the wait the server asked for: it would only be refused again.
      if (item?.kind === "new" && item.phase === "failed" && !(item.retryAt !== undefined && Date.now() < item.retryAt)) {
        start(key, item.file);
      }
    },
    [items, start],
  );

  /** Deletes every upload of this visit (the person cancelled the wizard). */
  const discardAll = useCallback(() => {
    const ids = items.flatMap((item) => (item.kind === "new" && item.ids ? [item.ids.storageId, item.ids.thumbnailStorageId] : []));
    live.current.clear();
    if (ids.length > 0) void uploader.discard(ids).catch(() => {});
  }, [items, uploader]);

  // Images ready to post, in display order: the work's own and finished uploads.
  const ready = items.flatMap((item): Array<{ ids: ScreenshotIds; source: CoverImage["source"] }> =>
    item.kind === "existing"
      ? [{ ids: { storageId: item.storageId, thumbnailStorageId: item.thumbnailStorageId }, source: item.originalUrl ?? item.url }]
      : item.ids && item.phase === "ready"
        ? [{ ids: item.ids, source: item.file }]
        : [],
  );
  const first = ready[0];
  return {
    items,
    addFiles,
    remove,
    retry,
    discardAll,
    /** What projects.create / update take, in display order. */
    screenshots: ready.map((item) => item.ids),
    /** The first of them, for the share card. */
    cover: first ? ({ storageId: first.ids.storageId, source: first.source } satisfies CoverImage) : null,
    uploading: items.some((item) => item.kind === "new" && item.phase !== "ready" && item.phase !== "failed"),
    failed: items.some((item) => item.kind === "new" && item.phase === "failed"),
  };
}

/** A reason found in the browser, worded for the person (e.g. a file that is no real image). */
export class UploadRefusal extends Error {}

/**
 * What a failed tile says and offers: the browser's or the server's reason (too large, wrong
 * type, too many uploads ...) or the generic failure; 再試行 when trying again can help, after
 * the wait a rate-limit refusal names.
 */
function uploadFailure(error: unknown, now: number): Pick<NewScreenshot, "error" | "retryable" | "retryAt"> {
  if (error instanceof UploadRefusal) return { error: error.message, retryable: false };
  const { message, code, retryAfterMs } = readServerError(error, IMAGE_MESSAGES.uploadFailed);
  if (code === "RATE_LIMITED")
    return { error: message, retryable: true, ...(retryAfterMs === null ? {} : { retryAt: now + retryAfterMs }) };
  return { error: message, retryable: message === IMAGE_MESSAGES.uploadFailed };
}
