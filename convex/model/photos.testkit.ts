// Test fixtures for profile photos: an upload that went through the form's steps (stored, then
// checked by users.checkPhotoUpload), ready for users.completeSetup / updateProfile. The two dots
// in this file's name keep it out of the deployed modules.
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { TestConvex } from "../test.setup";
import { pngBytes, storeFile } from "./storedFiles.testkit";

type Client = Pick<TestConvex, "action">;

/** A photo the caller uploaded and the server checked: registered to them. */
export async function uploadPhoto(t: TestConvex, as: Client, bytes = pngBytes(), type = "image/png") {
  const storageId = await storeFile(t, bytes, type);
  await as.action(api.users.checkPhotoUpload, { storageId });
  return storageId;
}

/** The photo registry row of a file, or null. */
export async function photoRow(t: TestConvex, storageId: Id<"_storage">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("photoFiles")
        .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
        .unique(),
  );
}
