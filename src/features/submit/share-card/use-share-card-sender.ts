import { useAction, useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { useViewer } from "@/lib/use-viewer";
import type { CoverImage } from "../use-screenshot-uploads";
import { uploadFile } from "@/lib/upload-file";
import { sendShareCard, type ShareCardSteps } from "./send-share-card";

export type StartShareCard = (job: { workId: Id<"projects">; title: string; isZeroCode: boolean; cover: CoverImage | null }) => void;

/**
 * Starts the share card of a work just saved by the signed-in author (send-share-card.ts) and
 * returns at once. The Convex client is the app's, so the card carries on after the wizard
 * unmounts. Without a first image to draw from, there is no card.
 */
export function useShareCardSender(): StartShareCard {
  const { viewer } = useViewer();
  const generateUploadUrl = useMutation(api.screenshots.generateShareCardUploadUrl);
  const checkShareCard = useAction(api.screenshots.checkShareCard);
  const setShareCard = useMutation(api.projects.setShareCard);
  const discardUploads = useMutation(api.screenshots.discardUploads);
  const authorId = viewer?._id;
  const displayName = viewer?.displayName;
  const photoUrl = viewer?.photoUrl ?? null;

  return useCallback(
    ({ cover, ...work }) => {
      if (authorId === undefined || displayName === undefined || !cover?.source) return;
      const steps: ShareCardSteps = {
        // Loaded on demand: only people posting draw cards.
        draw: async (input) => await (await import("./make-share-card")).makeShareCard(input),
        upload: async (card) => (await uploadFile(await generateUploadUrl(), card)) as Id<"_storage">,
        check: (storageId) => checkShareCard({ storageId }),
        attach: (args) => setShareCard(args),
        discard: (storageId) => discardUploads({ storageIds: [storageId] }),
      };
      void sendShareCard({ ...work, cover: { ...cover, source: cover.source } }, { id: authorId, displayName, photoUrl }, steps);
    },
    [authorId, displayName, photoUrl, generateUploadUrl, checkShareCard, setShareCard, discardUploads],
  );
}
