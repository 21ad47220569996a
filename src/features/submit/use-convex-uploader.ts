import { useAction, useMutation } from "convex/react";
import { useMemo } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { IMAGE_MESSAGES } from "../../../convex/model/images";
import { unreadableImageProblem } from "@/lib/image-files";
import { makeThumbnail } from "./make-thumbnail";
import { uploadFile } from "@/lib/upload-file";
import { UploadRefusal, type ScreenshotUploader } from "./use-screenshot-uploads";

/**
 * The real uploader: reads a picked file as an image first, makes the thumbnail in the browser,
 * uploads the original (reporting its progress) and the thumbnail to Convex storage through one
 * pair of upload URLs, then has the server check both files' bytes.
 */
export function useConvexUploader(): ScreenshotUploader {
  const generateUploadUrls = useMutation(api.screenshots.generateUploadUrls);
  const checkUpload = useAction(api.screenshots.checkUpload);
  const discardUploads = useMutation(api.screenshots.discardUploads);
  return useMemo(
    () => ({
      inspect: unreadableImageProblem,
      async upload(file, report) {
        report("preparing", 0);
        let thumbnail: File;
        try {
          thumbnail = await makeThumbnail(file);
        } catch {
          // The browser could not draw it: whatever its name says, it is no PNG, JPEG or GIF.
          throw new UploadRefusal(IMAGE_MESSAGES.wrongType);
        }
        report("uploading", 0);
        const urls = await generateUploadUrls();
        const storageId = await uploadFile(urls.original, file, (fraction) => report("uploading", fraction));
        const thumbnailStorageId = await uploadFile(urls.thumbnail, thumbnail);
        report("checking", 1);
        await checkUpload({
          storageId: storageId as Id<"_storage">,
          thumbnailStorageId: thumbnailStorageId as Id<"_storage">,
        });
        return { storageId, thumbnailStorageId };
      },
      async discard(storageIds) {
        await discardUploads({ storageIds: storageIds as Id<"_storage">[] });
      },
    }),
    [generateUploadUrls, checkUpload, discardUploads],
  );
}
