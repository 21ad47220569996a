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
