import { useAction, useMutation } from "convex/react";
import { useCallback, useRef, useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { readServerError } from "@/lib/convex-error";
import type { HandleAvailability } from "./handle-field";
import { uploadProfilePhoto } from "./upload-photo";

/**
 * The availability answer for the last handle the form asked about. Answers to older questions
 * that arrive late are dropped; a refusal (e.g. too many checks) shows as the field's message.
 */
export function useHandleAvailability() {
  const checkHandle = useMutation(api.users.checkHandle);
  const [availability, setAvailability] = useState<HandleAvailability | undefined>(undefined);
  const latest = useRef<string | null>(null);
  const onHandleCheck = useCallback(
    (handle: string) => {
      latest.current = handle;
      checkHandle({ handle })
        .then((answer) => {
          if (latest.current === handle) setAvailability(answer);
        })
        .catch((error: unknown) => {
          if (latest.current === handle) setAvailability({ handle, available: false, message: readServerError(error).message });
        });
    },
    [checkHandle],
  );
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
