import { ArrowLeft, Save } from "lucide-react";
import { useRef, useState } from "react";
import { LeaveGuard } from "@/components/leave-guard";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { validateEdit } from "../../../convex/model/profileRules";
import { HandleField, takenHandleError, type HandleAvailability } from "./handle-field";
import { PhotoField } from "./photo-field";
import { AboutFields, SocialLinkFields } from "./profile-fields";
import { hasErrors, profileInputChanged, useProfileForm, type FormErrors, type ProfileInput } from "./profile-form-state";
import { KEEP_PHOTO, type PhotoChoice } from "./profile-photo";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

export type ProfileEditFormProps = {
  /** The profile as loaded; 保存 stays disabled until something differs from it. */
  initialValues: ProfileInput;
  seed: string;
  currentPhotoUrl: string | null;
  /** Only an uploaded photo can be removed (Google's picture is what remains without one). */
  canRemovePhoto: boolean;
  availability: HandleAvailability | undefined;
  onHandleCheck: (handle: string) => void;
  /** Saves; resolves null on success, or the field messages the server refused. */
  onSubmit: (values: ProfileInput, photo: PhotoChoice) => Promise<FormErrors | null>;
  /** Leaves the page without saving (after confirmation when there are changes). */
  onLeave: () => void;
  onPhotoRejected?: (message: string) => void;
};

/** Profile edit on one page: the setup fields plus the social links. */
export function ProfileEditForm({
  initialValues,
  seed,
  currentPhotoUrl,
  canRemovePhoto,
  availability,
  onHandleCheck,
  onSubmit,
  onLeave,
  onPhotoRejected,
}: ProfileEditFormProps) {
  const { values, errors, setErrors, setField, clearPhotoError } = useProfileForm(initialValues);
  const [photo, setPhoto] = useState<PhotoChoice>(KEEP_PHOTO);
  const [saving, setSaving] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  // The handle is checked only when it is not the user's current one (docs/product.md "Profile
  // setup and edit").
  const ownHandle = initialValues.handle || null;
  const dirty = photo.kind !== "keep" || profileInputChanged(values, initialValues);
  // Saving, or leaving after 変更を破棄: the page goes on its way without asking again.
  const leaving = useRef(false);

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    focusFirstError();
  };

  const save = async () => {
    const found: FormErrors = {
      ...validateEdit(values, ownHandle),
      ...(values.handle !== ownHandle ? takenHandleError(values.handle, availability) : {}),
    };
    if (hasErrors(found)) return showErrors(found);
    setSaving(true);
    leaving.current = true;
    try {
      const refused = await onSubmit(values, photo);
      if (refused) {
        leaving.current = false;
        if (hasErrors(refused)) showErrors(refused);
      }
    } catch (error) {
      leaving.current = false;
      throw error;
    } finally {
      setSaving(false);
    }
  };

  const back = () => {
    if (dirty) setConfirmingDiscard(true);
    else onLeave();
  };

  return (
    <>
      <form
        ref={formRef}
        noValidate
        aria-label="プロフィール編集"
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty) void save();
        }}
      >
        <Card>
          <CardContent className="flex flex-col gap-6">
            <SectionHeading title="基本情報" description="プロフィールページと作品に表示されます。" />
            <PhotoField
              displayName={values.displayName}
              seed={seed}
              currentPhotoUrl={currentPhotoUrl}
              choice={photo}
              onChoiceChange={(choice) => {
                setPhoto(choice);
                clearPhotoError();
              }}
              allowRemove={canRemovePhoto}
              error={errors.photo}
              onReject={(message) => {
                setErrors((current) => ({ ...current, photo: message }));
                onPhotoRejected?.(message);
              }}
            />
            <HandleField
              value={values.handle}
              onChange={(raw) => setField("handle", raw)}
              error={errors.handle}
              ownHandle={ownHandle}
              availability={availability}
              onCheck={onHandleCheck}
            />
            <AboutFields values={values} errors={errors} onChange={setField} bioRequired={false} />
          </CardContent>
        </Card>

        <Card>
          <CardContent className="flex flex-col gap-6">
            <SectionHeading title="SNSリンク" description="http:// または https:// で始まるURLを入力してください（任意）。" />
            <SocialLinkFields values={values} errors={errors} onChange={setField} />
          </CardContent>
        </Card>

        {/* Stays in reach on long phone screens while the fields scroll underneath. */}
        <div className="sticky bottom-0 z-10 -mx-4 flex gap-3 border-t border-zinc-200 bg-white/90 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:justify-between sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
          <Button variant="outline" onClick={back} disabled={saving}>
            <ArrowLeft aria-hidden />
            戻る
          </Button>
          <Button type="submit" disabled={!dirty} loading={saving} className="flex-1 sm:min-w-32 sm:flex-none">
            {!saving && <Save aria-hidden />}
            保存
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        tone="danger"
        title="変更を破棄しますか？"
        description="保存していない変更は失われます。"
        confirmLabel="破棄する"
        cancelLabel="編集を続ける"
        onConfirm={() => {
          leaving.current = true;
          onLeave();
        }}
      />
      <LeaveGuard when={dirty} shouldBlock={() => !leaving.current} />
    </>
  );
}

function SectionHeading({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <h2 className="text-lg font-bold text-zinc-900">{title}</h2>
      <p className="mt-0.5 text-sm text-zinc-600">{description}</p>
    </div>
  );
}
