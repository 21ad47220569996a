/**
 * How many pages' code is downloading (the route table's lazy pages report theirs here), so the
 * progress bar shows while a navigation waits for a page's code and not while an already
 * downloaded page merely renders.
 */
let downloading = 0;
const listeners = new Set<() => void>();

// React.lazy starts a download while rendering: listeners hear of it after that render.
const notify = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

export function trackPageDownload<T>(download: Promise<T>): Promise<T> {
  downloading++;
  notify();
  return download.finally(() => {
    downloading--;
    notify();
  });
}

export function subscribePageDownloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pageDownloading(): boolean {
  return downloading > 0;
}

/** What the prerendered HTML shows (and hydration starts from): nothing downloading. */
export function noPageDownloading(): boolean {
  return false;
}
