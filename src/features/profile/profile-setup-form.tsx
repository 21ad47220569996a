import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { validateSetup } from "../../../convex/model/profileRules";
import { HandleField, takenHandleError, type HandleAvailability } from "./handle-field";
import { PhotoField } from "./photo-field";
import { AboutFields, SocialLinkFields } from "./profile-fields";
import { hasErrors, pickErrors, useProfileForm, type FormErrors, type ProfileField, type ProfileInput } from "./profile-form-state";
import { KEEP_PHOTO, type PhotoChoice } from "./profile-photo";
import { SetupProgress } from "./setup-steps";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

const STEP_FIELDS: Record<1 | 2, readonly ProfileField[]> = {
  1: ["handle", "displayName", "bio", "location"],
  2: ["githubUrl", "twitterUrl", "websiteUrl"],
};

export type ProfileSetupFormProps = {
  initialValues: ProfileInput;
  /** Seed of the generated fallback avatar (the user id). */
  seed: string;
  currentPhotoUrl: string | null;
  availability: HandleAvailability | undefined;
  onHandleCheck: (handle: string) => void;
  /** Saves everything; resolves null on success, or the field messages the server refused. */
  onSubmit: (values: ProfileInput, photo: PhotoChoice) => Promise<FormErrors | null>;
  /**
   * スキップ on step 1: setup is postponed, with what was typed so far. (On step 2, スキップ
   * skips only the optional links: setup completes through onSubmit with step 1's values.)
   */
  onSkip: (typed: ProfileInput) => void;
  /** A picked photo was refused before upload (besides the message under the field). */
  onPhotoRejected?: (message: string) => void;
};

/**
 * The 2-step setup (docs/product.md "Profile setup and edit"): step 1 photo and profile, step 2
 * optional links.
 */
export function ProfileSetupForm({
  initialValues,
  seed,
  currentPhotoUrl,
  availability,
  onHandleCheck,
  onSubmit,
  onSkip,
  onPhotoRejected,
}: ProfileSetupFormProps) {
  const { values, errors, setErrors, setField, clearPhotoError } = useProfileForm(initialValues);
  const [photo, setPhoto] = useState<PhotoChoice>(KEEP_PHOTO);
  const [step, setStep] = useState<1 | 2>(1);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const focusFirstError = useFocusFirstError(formRef);
  const focusHeadingNext = useRef(false);

  // Moving between steps with 次へ / 戻る puts focus on the new step's heading.
  useEffect(() => {
    if (!focusHeadingNext.current) return;
    focusHeadingNext.current = false;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: 1 | 2) => {
    focusHeadingNext.current = true;
    setStep(next);
  };

  /** Every current problem, including a handle the server already said is taken. */
  const allErrors = (): FormErrors => ({ ...validateSetup(values), ...takenHandleError(values.handle, availability) });

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    // Errors of step 1 found while on step 2 (e.g. refused by the server) send the person back,
    // with focus on the first invalid field rather than the heading.
    if (step === 2 && hasErrors(pickErrors(found, STEP_FIELDS[1]))) setStep(1);
    focusFirstError();
  };

  const next = () => {
    const found = pickErrors(allErrors(), STEP_FIELDS[1]);
    if (hasErrors(found)) showErrors(found);
    else goTo(2);
  };

  /** Saves everything, or with `skipLinks` step 1's values and the links as they were. */
  const finish = async ({ skipLinks = false } = {}) => {
    const saved: ProfileInput = skipLinks
      ? {
          ...values,
          githubUrl: initialValues.githubUrl,
          twitterUrl: initialValues.twitterUrl,
          websiteUrl: initialValues.websiteUrl,
        }
      : values;
    const found = skipLinks ? pickErrors(allErrors(), STEP_FIELDS[1]) : allErrors();
    if (hasErrors(found)) return showErrors(found);
    setSaving(true);
    try {
      const refused = await onSubmit(saved, photo);
      if (refused && hasErrors(refused)) showErrors(refused);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-100 bg-zinc-50/60 px-5 py-4 sm:px-8 sm:py-5">
        <SetupProgress step={step} />
      </div>
      <form
        ref={formRef}
        noValidate
        aria-labelledby={headingId}
        className="flex flex-col gap-6 px-5 py-6 sm:px-8 sm:py-8"
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 1) next();
          else void finish();
        }}
      >
        <div>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-zinc-900 focus:outline-none">
            {step === 1 ? "プロフィールを入力" : "SNSリンクを追加"}
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            {step === 1
              ? "ほかのクリエイターにあなたを知ってもらうための情報です。あとから変更できます。"
              : "作品を見た人があなたの活動を追えるように、リンクを追加しましょう。どれも任意です。"}
          </p>
        </div>

        {step === 1 ? (
          <>
            <PhotoField
              displayName={values.displayName}
              seed={seed}
              currentPhotoUrl={currentPhotoUrl}
              choice={photo}
              onChoiceChange={(choice) => {
                setPhoto(choice);
                clearPhotoError();
              }}
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
              availability={availability}
              onCheck={onHandleCheck}
            />
            <AboutFields values={values} errors={errors} onChange={setField} bioRequired />
          </>
        ) : (
          <SocialLinkFields values={values} errors={errors} onChange={setField} />
        )}

        <div className="flex flex-col-reverse gap-3 border-t border-zinc-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="ghost" onClick={() => (step === 1 ? onSkip(values) : void finish({ skipLinks: true }))} disabled={saving}>
            スキップ
          </Button>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            {step === 2 && (
              <Button variant="outline" onClick={() => goTo(1)} disabled={saving}>
                <ArrowLeft aria-hidden />
                戻る
              </Button>
            )}
            <Button type="submit" loading={saving} className="sm:min-w-32">
              {step === 1 ? (
                <>
                  次へ
                  <ArrowRight aria-hidden />
                </>
              ) : (
                <>
                  {!saving && <Check aria-hidden />}
                  完了
                </>
              )}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
