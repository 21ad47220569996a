import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { screenshotCountProblem, validateBasicInfo, validateTechInfo } from "../../../convex/model/workRules";
import { BasicInfoStep } from "./basic-info-step";
import { ReviewStep } from "./review-step";
import { ScreenshotsStep } from "./screenshots-step";
import { TechInfoStep } from "./tech-info-step";
import {
  useScreenshotUploads,
  type CoverImage,
  type ExistingScreenshot,
  type ScreenshotIds,
  type ScreenshotUploader,
} from "./use-screenshot-uploads";
import { hasErrors, pickErrors, useWorkForm, workChanged, type WorkFieldErrors, type WorkFormInput } from "./work-form-state";
import { WizardProgress } from "./wizard-progress";
import { WIZARD_STEPS, type WizardStep } from "./wizard-steps";

export const UPLOAD_IN_PROGRESS_MESSAGE = "画像のアップロードが終わるまでお待ちください";
export const UPLOAD_FAILED_ITEMS_MESSAGE = "アップロードに失敗した画像を削除するか、再試行してください";

export type WorkWizardProps = {
  mode: "create" | "edit";
  initialValues: WorkFormInput;
  initialScreenshots?: readonly ExistingScreenshot[];
  uploader: ScreenshotUploader;
  /**
   * Posts or updates; resolves null on success, or the field messages the server refused. `cover`
   * is the first image, for the share card.
   */
  onSubmit: (values: WorkFormInput, screenshots: ScreenshotIds[], cover: CoverImage | null) => Promise<WorkFieldErrors | null>;
  /** Cancel on step 1 (after confirming, when something was entered). */
  onCancel: () => void;
  /** Shown above the form, e.g. the challenge the work is posted for. */
  banner?: ReactNode;
};

const HEADINGS: Record<WizardStep, { title: string; lead: string }> = {
  1: { title: "基本情報", lead: "作品の名前と紹介、試せるURLを入力してください。" },
  2: { title: "スクリーンショット", lead: "作品の画面がわかる画像を1〜5枚追加してください。" },
  3: { title: "技術情報", lead: "使ったAIツールや技術、見つけてもらうためのタグを追加しましょう。" },
  4: { title: "内容の確認", lead: "この内容で公開されます。修正したいところは「修正」から戻れます。" },
};

/**
 * SPEC.md's 4-step wizard for posting and editing a work. 次へ only when the step validates;
 * 戻る and completed steps of the progress bar go back; errors clear as the field is edited.
 */
export function WorkWizard({ mode, initialValues, initialScreenshots = [], uploader, onSubmit, onCancel, banner }: WorkWizardProps) {
  const { values, errors, setErrors, setField, setError, clearError } = useWorkForm(initialValues);
  const shots = useScreenshotUploads(initialScreenshots, uploader);
  const [step, setStep] = useState<WizardStep>(1);
  const [saving, setSaving] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const focusFirstError = useFocusFirstError(formRef);
  const focusHeadingNext = useRef(false);
  const editing = mode === "edit";

  // Moving between steps puts focus on the new step's heading (and the top of the form in view).
  useEffect(() => {
    if (!focusHeadingNext.current) return;
    focusHeadingNext.current = false;
    headingRef.current?.focus();
    formRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, [step]);

  const goTo = (next: WizardStep) => {
    focusHeadingNext.current = true;
    setStep(next);
  };

  /** Problems of one step, with what the form knows about uploads. */
  const stepErrors = (which: WizardStep): WorkFieldErrors => {
    if (which === 1) return validateBasicInfo(values);
    if (which === 3) return validateTechInfo(values);
    if (which === 2) {
      const problem = shots.uploading
        ? UPLOAD_IN_PROGRESS_MESSAGE
        : shots.failed
          ? UPLOAD_FAILED_ITEMS_MESSAGE
          : screenshotCountProblem(shots.screenshots.length);
      return problem ? { screenshots: problem } : {};
    }
    return {};
  };

  const showErrors = (found: WorkFieldErrors) => {
    setErrors(found);
    const first = WIZARD_STEPS.find((item) => hasErrors(pickErrors(found, item.fields)));
    if (first && first.step !== step) setStep(first.step);
    focusFirstError();
  };

  const next = () => {
    const found = stepErrors(step);
    if (hasErrors(found)) return showErrors(found);
    if (step < 4) goTo((step + 1) as WizardStep);
  };

  const submit = async () => {
    const found = { ...stepErrors(1), ...stepErrors(2), ...stepErrors(3) };
    if (hasErrors(found)) return showErrors(found);
    setSaving(true);
    try {
      const refused = await onSubmit(values, shots.screenshots, shots.cover);
      if (refused && hasErrors(refused)) showErrors(refused);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    const dirty = workChanged(values, initialValues) || shots.items.length !== initialScreenshots.length;
    if (dirty) setConfirmingCancel(true);
    else leave();
  };
  const leave = () => {
    shots.discardAll();
    onCancel();
  };

  const heading = HEADINGS[step];
  return (
    <div className="flex flex-col gap-6">
      {banner}
      <Card className="overflow-hidden">
        <div className="border-b border-zinc-100 bg-zinc-50/60 px-4 py-4 sm:px-8 sm:py-5">
          <WizardProgress step={step} onStepClick={goTo} disabled={saving} />
        </div>
        <form
          ref={formRef}
          noValidate
          aria-labelledby={headingId}
          className="flex scroll-mt-24 flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8"
          onSubmit={(event) => {
            event.preventDefault();
            if (step === 4) void submit();
            else next();
          }}
        >
          <div>
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-zinc-900 focus:outline-none">
              {heading.title}
            </h2>
            <p className="mt-1 text-sm text-zinc-600">{heading.lead}</p>
          </div>

          {step === 1 && <BasicInfoStep values={values} errors={errors} onChange={setField} />}
          {step === 2 && (
            <ScreenshotsStep
              items={shots.items}
              editing={editing}
              error={errors.screenshots}
              onAddFiles={(files) => {
                clearError("screenshots");
                return shots.addFiles(files);
              }}
              onRemove={(key) => {
                clearError("screenshots");
                shots.remove(key);
              }}
              onRetry={shots.retry}
              onError={(message) => setError("screenshots", message)}
            />
          )}
          {step === 3 && (
            <TechInfoStep
              values={values}
              errors={errors}
              onChange={setField}
              onError={setError}
              zeroCodeLocked={editing}
            />
          )}
          {step === 4 && <ReviewStep values={values} screenshots={shots.items} onEdit={goTo} />}

          <div className="flex flex-col-reverse gap-3 border-t border-zinc-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
            {step === 1 ? (
              <Button variant="ghost" onClick={cancel} disabled={saving}>
                キャンセル
              </Button>
            ) : (
              <Button variant="outline" onClick={() => goTo((step - 1) as WizardStep)} disabled={saving}>
                <ArrowLeft aria-hidden />
                戻る
              </Button>
            )}
            <Button type="submit" loading={saving} className="sm:min-w-36">
              {step < 4 ? (
                <>
                  次へ
                  <ArrowRight aria-hidden />
                </>
              ) : (
                <>
                  {!saving && <Send aria-hidden />}
                  {editing ? "更新する" : "投稿する"}
                </>
              )}
            </Button>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="入力内容を破棄しますか？"
        description={editing ? "変更した内容は保存されません。" : "入力した内容とアップロードした画像は保存されません。"}
        confirmLabel="破棄する"
        cancelLabel="入力を続ける"
        tone="danger"
        onConfirm={leave}
      />
    </div>
  );
}
