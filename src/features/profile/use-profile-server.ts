import { useAction, useMutation, useQuery } from "convex/react";
import { useCallback, useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { uploadProfilePhoto } from "./upload-photo";

/**
 * The availability answer for the last handle the form asked about. Asking is a query, so the
 * answer stays live: if someone takes the handle meanwhile, the field updates by itself.
 */
export function useHandleAvailability() {
  const [handle, setHandle] = useState<string | null>(null);
  const availability = useQuery(api.users.isHandleAvailable, handle ? { handle } : "skip");
  const onHandleCheck = useCallback((next: string) => setHandle(next), []);
  return { availability, onHandleCheck };
}

/**
 * Uploads a picked photo to Convex storage and returns the id the profile mutations take. The
 * server then reads the stored bytes at once, so a refused file is reported by the photo field
 * before anything is saved.
 */
export function useUploadProfilePhoto() {
  const generateUploadUrl = useMutation(api.users.generatePhotoUploadUrl);
  const checkPhotoUpload = useAction(api.users.checkPhotoUpload);
  return useCallback(
    async (file: File) => {
      const storageId = (await uploadProfilePhoto(file, () => generateUploadUrl())) as Id<"_storage">;
      await checkPhotoUpload({ storageId });
      return storageId;
    },
    [generateUploadUrl, checkPhotoUpload],
  );
}

export const PHOTO_UPLOAD_FAILED = "画像のアップロードに失敗しました";
