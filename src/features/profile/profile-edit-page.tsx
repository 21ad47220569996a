import { useMutation } from "convex/react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { normalizeProfileInput } from "../../../convex/model/profileRules";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import type { Viewer } from "@/lib/use-viewer";
import { ProfileEditForm } from "./profile-edit-form";
import { profileInputFrom, type FormErrors, type ProfileInput } from "./profile-form-state";
import type { PhotoChoice } from "./profile-photo";
import { PHOTO_UPLOAD_FAILED, useHandleAvailability, useUploadProfilePhoto } from "./use-profile-server";

const UPDATE_FAILED = "プロフィールの更新に失敗しました。";

type PhotoUpdate = { kind: "keep" } | { kind: "remove" } | { kind: "upload"; storageId: Id<"_storage"> };

export function ProfileEditPage() {
  return (
    <>
      <PageTitle title="プロフィール編集" />
      <SignedInOnly reason="プロフィールを編集するには">{(viewer) => <ProfileEdit viewer={viewer} />}</SignedInOnly>
    </>
  );
}

function ProfileEdit({ viewer }: { viewer: Viewer }) {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const updateProfile = useMutation(api.users.updateProfile);
  const uploadPhoto = useUploadProfilePhoto();
  const { availability, onHandleCheck } = useHandleAvailability();
  // The form compares against the profile as it was when the page opened.
  const [initialValues] = useState(() => profileInputFrom(viewer));
  const ownProfilePath = paths.profile(viewer.handle ?? viewer._id);

  const submit = async (values: ProfileInput, photo: PhotoChoice): Promise<FormErrors | null> => {
    let photoUpdate: PhotoUpdate = photo.kind === "upload" ? { kind: "keep" } : photo;
    if (photo.kind === "upload") {
      try {
        photoUpdate = { kind: "upload", storageId: await uploadPhoto(photo.file) };
      } catch (error) {
        const { message } = readServerError(error, PHOTO_UPLOAD_FAILED);
        toast.error(UPDATE_FAILED, message);
        return { photo: message };
      }
    }
    const profile = normalizeProfileInput(values);
    try {
      await updateProfile({ ...profile, photo: photoUpdate });
    } catch (error) {
      const { message, fields } = readServerError(error);
      toast.error(UPDATE_FAILED, message);
      return fields;
    }
    toast.success("プロフィールを更新しました");
    await navigate(paths.profile(profile.handle));
    return null;
  };

  // Back to the previous page inside the app; a directly opened edit page goes to the profile.
  const leave = () => void (location.key === "default" ? navigate(ownProfilePath) : navigate(-1));

  return (
    <PageContainer width="narrow">
      <header className="mb-8">
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">プロフィール編集</h1>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base">
          変更した内容は、プロフィールページとあなたの作品・コメントに反映されます。
        </p>
      </header>
      <ProfileEditForm
        initialValues={initialValues}
        seed={viewer._id}
        currentPhotoUrl={viewer.photoUrl}
        canRemovePhoto={viewer.hasUploadedPhoto}
        availability={availability}
        onHandleCheck={onHandleCheck}
        onSubmit={submit}
        onLeave={leave}
        onPhotoRejected={(message) => toast.error(message)}
      />
    </PageContainer>
  );
}
