import type { ProfileInput } from "./profile-form-state";

/**
 * スキップ on step 1 of profile setup postpones it for this browser tab (sessionStorage): the
 * incomplete-profile redirect leaves the person alone until a new session, and what they typed
 * comes back when they open setup again. Finishing setup forgets both. Where storage is
 * unavailable, the same lasts as long as the page.
 */
const KEY = "vibe-gallery:profile-setup-skipped";

type Skipped = { userId: string; draft: ProfileInput };

let inMemory: Skipped | null = null;

function read(): Skipped | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<Skipped> | null;
    return typeof parsed?.userId === "string" && parsed.draft && typeof parsed.draft === "object"
      ? { userId: parsed.userId, draft: parsed.draft }
      : null;
  } catch {
    return inMemory;
  }
}

export function skipSetup(userId: string, draft: ProfileInput): void {
  inMemory = { userId, draft };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(inMemory));
  } catch {
    // Kept in memory only.
  }
}

export function setupSkipped(userId: string): boolean {
  return read()?.userId === userId;
}

/** What the person had typed before skipping, merged over the stored profile. */
export function skippedDraft(userId: string, stored: ProfileInput): ProfileInput {
  const skipped = read();
  if (skipped?.userId !== userId) return stored;
  const draft = skipped.draft as Partial<Record<keyof ProfileInput, unknown>>;
  const merged = { ...stored };
  for (const field of Object.keys(stored) as (keyof ProfileInput)[]) {
    const value = draft[field];
    if (typeof value === "string") merged[field] = value;
  }
  return merged;
}

export function forgetSkippedSetup(): void {
  inMemory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
