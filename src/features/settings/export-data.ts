/** `vibe-gallery-export-20250131.json`, dated in the person's own time zone. */
export function exportFileName(date: Date): string {
  const yyyy = String(date.getFullYear());
  const mm = String(date.getMonth() + 1).padStart(2, "0");
  const dd = String(date.getDate()).padStart(2, "0");
  return `vibe-gallery-export-${yyyy}${mm}${dd}.json`;
}

/** The export as written to disk: the server's data plus when it was taken. */
export function exportDocument(data: Record<string, unknown>, now: Date): string {
  return JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2);
}

/** Saves text as a file through a temporary link (works without any server round trip). */
export function downloadTextFile(fileName: string, text: string, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
