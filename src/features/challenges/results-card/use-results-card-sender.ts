import { useAction, useConvex, useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { uploadFile } from "@/lib/upload-file";
import { sendResultsCard, type ResultsCardSteps } from "./send-results-card";

/**
 * Starts the results card of a challenge whose winner the organiser just decided
 * (send-results-card.ts) and returns at once. The Convex client is the app's, so the card
 * carries on whatever the page does next.
 */
export function useResultsCardSender(): (challengeId: Id<"challenges">) => void {
  const convex = useConvex();
  const generateUploadUrl = useMutation(api.screenshots.generateShareCardUploadUrl);
  const checkShareCard = useAction(api.screenshots.checkShareCard);
  const setResultsCard = useMutation(api.challengeResults.setResultsCard);
  const discardUploads = useMutation(api.screenshots.discardUploads);

  return useCallback(
    (challengeId) => {
      const steps: ResultsCardSteps = {
        highlights: (id) => convex.query(api.challengeResults.highlights, { challengeId: id }),
        // Loaded on demand: only organisers who just decided draw cards.
        draw: async (input) => await (await import("./make-results-card")).makeResultsCard(input),
        upload: async (card) => (await uploadFile(await generateUploadUrl(), card)) as Id<"_storage">,
        check: (storageId) => checkShareCard({ storageId }),
        attach: (args) => setResultsCard(args),
        discard: (storageId) => discardUploads({ storageIds: [storageId] }),
      };
      void sendResultsCard(challengeId, steps);
    },
    [convex, generateUploadUrl, checkShareCard, setResultsCard, discardUploads],
  );
}
