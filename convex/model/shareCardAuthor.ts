import type { Doc } from "../_generated/dataModel";
import { displayNameOf } from "./users";

/**
 * What a share card shows of its author, as one comparable string: the display name and the
 * photo (an uploaded one or the Google one). A card whose recorded author differs from this
 * shows a name or face that is no longer theirs.
 */
export function cardAuthorOf(user: Doc<"users">): string {
  return JSON.stringify([displayNameOf(user), user.photoStorageId ?? user.image ?? null]);
}

/** Whether the work's card still shows its author as they are now. */
export function cardShowsAuthor(work: Pick<Doc<"projects">, "shareCardAuthor">, author: Doc<"users"> | null): boolean {
  return author !== null && work.shareCardAuthor === cardAuthorOf(author);
}
