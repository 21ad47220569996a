import { useMutation } from "convex/react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { api } from "../../../convex/_generated/api";
import { normalizeProfileInput } from "../../../convex/model/profileRules";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { PageContainer } from "@/components/layout/page-container";
import { PageTitle } from "@/components/layout/page-title";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import type { Viewer } from "@/lib/use-viewer";
import { profileInputFrom, type FormErrors, type ProfileInput } from "./profile-form-state";
import type { PhotoChoice } from "./profile-photo";
import { ProfileSetupForm } from "./profile-setup-form";
import { forgetSkippedSetup, skipSetup, skippedDraft } from "./setup-skip";
import { PHOTO_UPLOAD_FAILED, useHandleAvailability, useUploadProfilePhoto } from "./use-profile-server";

const SETUP_FAILED = "プロフィールの設定に失敗しました。";

export function ProfileSetupPage() {
  return (
    <>
      <PageTitle title="プロフィール設定" />
      <SignedInOnly reason="プロフィールを設定するには">{(viewer) => <ProfileSetup viewer={viewer} />}</SignedInOnly>
    </>
  );
}

/** Where to go after setup: the page the person was sent here from, when a link said so. */
function useReturnPath(): string {
  const state: unknown = useLocation().state;
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && from !== paths.profileSetup() ? from : paths.home();
}

function ProfileSetup({ viewer }: { viewer: Viewer }) {
  const navigate = useNavigate();
  const toast = useToast();
  const returnPath = useReturnPath();
  const completeSetup = useMutation(api.users.completeSetup);
  const uploadPhoto = useUploadProfilePhoto();
  const { availability, onHandleCheck } = useHandleAvailability();
  // Read once: finishing setup flips the flag, and that must not swap the form out mid-success.
  const [alreadyDone] = useState(viewer.profileCompleted);
  // What was typed before a スキップ comes back (setup-skip.ts).
  const [initialValues] = useState(() => skippedDraft(viewer._id, profileInputFrom(viewer)));

  const submit = async (values: ProfileInput, photo: PhotoChoice): Promise<FormErrors | null> => {
    let photoStorageId;
    if (photo.kind === "upload") {
      try {
        photoStorageId = await uploadPhoto(photo.file);
      } catch (error) {
        const { message } = readServerError(error, PHOTO_UPLOAD_FAILED);
        toast.error(SETUP_FAILED, message);
        return { photo: message };
      }
    }
    try {
      await completeSetup({ ...normalizeProfileInput(values), ...(photoStorageId ? { photoStorageId } : {}) });
    } catch (error) {
      const { message, fields } = readServerError(error);
      toast.error(SETUP_FAILED, message);
      return fields;
    }
    forgetSkippedSetup();
    toast.success("プロフィールを設定しました", "バイブギャラリーへようこそ！");
    await navigate(returnPath, { replace: true });
    return null;
  };

  return (
    <PageContainer width="narrow">
      <header className="mb-8 text-center sm:mb-10">
        <p className="text-sm font-semibold text-brand-700">バイブギャラリーへようこそ</p>
        <h1 className="mt-1 text-2xl font-bold text-zinc-900 sm:text-3xl">プロフィールを設定しましょう</h1>
        <p className="mx-auto mt-3 max-w-lg text-sm text-zinc-600 sm:text-base">
          あなたのことを少しだけ教えてください。作品やコメントと一緒に表示されます。
        </p>
      </header>
      {alreadyDone ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
            <p className="text-zinc-700">プロフィールは設定済みです。内容はプロフィール編集から変更できます。</p>
            <ButtonLink to={paths.profileEdit()}>プロフィールを編集</ButtonLink>
          </CardContent>
        </Card>
      ) : (
        <ProfileSetupForm
          initialValues={initialValues}
          seed={viewer._id}
          currentPhotoUrl={viewer.photoUrl}
          availability={availability}
          onHandleCheck={onHandleCheck}
          onSubmit={submit}
          // Skip goes home. Step 1's スキップ postpones setup for this session, keeping
          // what was typed, so the incomplete-profile redirect does not bring the person straight
          // back; step 2's completes setup without the optional links (then goes where 完了 goes).
          onSkip={(typed) => {
            skipSetup(viewer._id, typed);
            void navigate(paths.home());
          }}
          onPhotoRejected={(message) => toast.error(message)}
        />
      )}
    </PageContainer>
  );
}
