import { useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { anonymousSessionId } from "@/lib/anonymous-session";
import { useRecordOnce } from "./use-record-once";

/**
 * Records one view per visit of a work page (skipped while the work is loading or missing), with
 * this browser's anonymous session id. The server counts it at most once per viewer per work per
 * day; a view that fails or does not count is not worth interrupting the visitor for.
 */
export function useRecordView(workId: Id<"projects"> | undefined) {
  const recordView = useMutation(api.views.record);
  const record = useCallback(
    (projectId: string) => {
      recordView({ projectId: projectId as Id<"projects">, sessionId: anonymousSessionId() }).catch(() => {});
    },
    [recordView],
  );
  useRecordOnce(workId, record);
}
