import { useMutation } from "convex/react";
import { useCallback, useEffect, useRef } from "react";
import { api } from "../../../convex/_generated/api";
import { LIMITS } from "../../../convex/constants";
import { useToast } from "@/components/ui/use-toast";
import { removeLocalSaves, useLocalSaves } from "@/lib/local-saves";
import { useViewer } from "@/lib/use-viewer";

/**
 * Sends the local list to the account in chunks the server takes, oldest first (so the newest
 * local one lists first on /saved), taking each chunk off the local list once it is merged.
 * Resolves to how many were added; a refused chunk stops it, leaving the rest in the browser.
 */
export async function mergeLocalSaves(
  ids: readonly string[],
  merge: (projectIds: string[]) => Promise<{ added: number }>,
  remove: (merged: readonly string[]) => void,
): Promise<number> {
  let added = 0;
  for (let start = 0; start < ids.length; start += LIMITS.savesMergeMax) {
    const chunk = ids.slice(start, start + LIMITS.savesMergeMax);
    added += (await merge(chunk)).added;
    remove(chunk);
  }
  return added;
}

/**
 * Merges the local list into the account of `userId` whenever there is a signed-in user and
 * something saved locally (so once at sign-in: the list is empty afterwards). A refused merge
 * leaves the list in the browser and is not retried for that user until the page is loaded again.
 */
export function useMergeAtSignIn(
  userId: string | null,
  merge: (projectIds: string[]) => Promise<{ added: number }>,
  onAdded: (added: number) => void,
) {
  const local = useLocalSaves();
  const running = useRef(false);
  const failedFor = useRef<string | null>(null);
  useEffect(() => {
    if (userId === null || local.length === 0 || running.current || failedFor.current === userId) return;
    running.current = true;
    mergeLocalSaves(local, merge, removeLocalSaves)
      .then((added) => {
        if (added > 0) onAdded(added);
      })
      .catch(() => {
        failedFor.current = userId;
      })
      .finally(() => {
        running.current = false;
      });
  }, [userId, local, merge, onAdded]);
}

/**
 * Mounted once in the app shell: the moment the viewer is signed in, what they saved in this
 * browser as a visitor joins their account's ストック (saves.mergeLocal) and the local list is
 * cleared. If the server refuses (a suspended account, a dropped connection), the list stays in
 * the browser and is tried again on the next visit.
 */
export function LocalSavesMerge() {
  const { status, viewer } = useViewer();
  const mutate = useMutation(api.saves.mergeLocal);
  const toast = useToast();
  const merge = useCallback((projectIds: string[]) => mutate({ projectIds }), [mutate]);
  const onAdded = useCallback(
    (added: number) => toast.success(`このブラウザでストックした${added}件の作品をアカウントに追加しました`),
    [toast],
  );
  useMergeAtSignIn(status === "signedIn" ? viewer._id : null, merge, onAdded);
  return null;
}
