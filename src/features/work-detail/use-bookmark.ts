import { useMutation, useQuery } from "convex/react";
import { useCallback } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { useToast } from "@/components/ui/use-toast";
import { isAboutThePerson, readServerError } from "@/lib/convex-error";
import { toggleLocalSave, useLocalSaves } from "@/lib/local-saves";
import { useViewer } from "@/lib/use-viewer";

export { LOCAL_SAVES_KEY as BOOKMARKS_KEY } from "@/lib/local-saves";

const SAVE_ERROR = "ストックの処理中にエラーが発生しました";

export type BookmarkState = {
  /** Undefined while it is not known yet (the session or the server's answer is loading). */
  saved: boolean | undefined;
  /** Where it is kept: the account (signed in) or this browser (visitor). */
  where: "account" | "browser" | "unknown";
  toggle: () => void;
};

/**
 * The work page's ストック: on the server for a signed-in user (private, every device), in this
 * browser's local storage for a visitor (merged into the account at sign-in).
 */
export function useBookmark(id: string): BookmarkState {
  const { status } = useViewer();
  const toast = useToast();
  const local = useLocalSaves();
  const projectId = id as Id<"projects">;
  const serverSaved = useQuery(api.saves.status, status === "signedIn" ? { projectId } : "skip");
  const toggleServer = useMutation(api.saves.toggle).withOptimisticUpdate((store, args) => {
    const current = store.getQuery(api.saves.status, { projectId: args.projectId });
    if (current !== undefined) store.setQuery(api.saves.status, { projectId: args.projectId }, !current);
  });

  const toggle = useCallback(() => {
    if (status === "signedOut") {
      toggleLocalSave(id);
      return;
    }
    if (status !== "signedIn") return;
    toggleServer({ projectId }).catch((error: unknown) => {
      const { message, code } = readServerError(error, SAVE_ERROR);
      toast.error(isAboutThePerson(code) || code === "NOT_FOUND" ? message : SAVE_ERROR);
    });
  }, [status, id, projectId, toggleServer, toast]);

  if (status === "signedOut") return { saved: local.includes(id), where: "browser", toggle };
  if (status === "signedIn") return { saved: serverSaved, where: "account", toggle };
  return { saved: undefined, where: "unknown", toggle };
}
