import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { LeaveGuard } from "@/components/leave-guard";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { screenshotCountProblem, validateBasicInfo, validateTechInfo } from "../../../convex/model/workRules";
import { BasicInfoStep } from "./basic-info-step";
import { ReviewStep } from "./review-step";
import { ScreenshotsStep } from "./screenshots-step";
import { TechInfoStep } from "./tech-info-step";
import { useDraftAutosave, type DraftStatus, type SaveDraft } from "./use-draft-autosave";
import {
  useScreenshotUploads,
  type CoverImage,
  type ExistingScreenshot,
  type ScreenshotIds,
  type ScreenshotUploader,
} from "./use-screenshot-uploads";
import { hasErrors, pickErrors, useWorkForm, workChanged, type WorkFieldErrors, type WorkFormInput } from "./work-form-state";
import { WizardProgress } from "./wizard-progress";
import { useWizardStep } from "./use-wizard-step";
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
  onSubmit: (
    values: WorkFormInput,
    screenshots: ScreenshotIds[],
    cover: CoverImage | null,
    draftId: string | null,
  ) => Promise<WorkFieldErrors | null>;
  /** Cancel on step 1 (after confirming, when something was entered). */
  onCancel: () => void;
  /** Shown above the form, e.g. the challenge the work is posted for. */
  banner?: ReactNode;
  /** Posting keeps a draft on the server as the person writes (absent when editing a work). */
  draft?: WizardDraft;
};

export type WizardDraft = {
  /** The draft being resumed, or null until the first save makes one. */
  id: string | null;
  save: SaveDraft;
  /** The first save made a draft (its id goes into the URL, so a reload resumes it). */
  onCreated: (id: string) => void;
  discard: (id: string) => Promise<void>;
};

const HEADINGS: Record<WizardStep, { title: string; lead: string }> = {
  1: { title: "基本情報", lead: "作品の名前と紹介、試せるURLを入力してください。" },
  2: { title: "スクリーンショット", lead: "作品の画面がわかる画像を1〜5枚追加してください。" },
  3: { title: "技術情報", lead: "使ったAIツールや技術、見つけてもらうためのタグを追加しましょう。" },
  4: { title: "内容の確認", lead: "この内容で公開されます。修正したいところは「修正」から戻れます。" },
};

/**
 * The 4-step wizard (docs/product.md "Posting wizard") for posting and editing a work. 次へ only when
 * the step validates; 戻る and completed steps of the progress bar go back; errors clear as the field
 * is edited.
 */
export function WorkWizard({ mode, initialValues, initialScreenshots = [], uploader, onSubmit, onCancel, banner, draft }: WorkWizardProps) {
  const { values, errors, setErrors, setField, setError, clearError } = useWorkForm(initialValues);
  const shots = useScreenshotUploads(initialScreenshots, uploader);
  const [step, setStep] = useWizardStep();
  const { pathname } = useLocation();
  const autosave = useDraftAutosave({
    initialId: draft?.id ?? null,
    values,
    screenshots: shots.screenshots,
    save: draft?.save,
    onCreated: draft?.onCreated,
  });
  // Posting or cancelling: the wizard is left on purpose, nothing to ask.
  const leaving = useRef(false);
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
    autosave.flush();
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
    if (first && first.step !== step) setStep(first.step, { replace: true });
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
    leaving.current = true;
    try {
      const saving = autosave.stop();
      if (saving) await saving;
      const refused = await onSubmit(values, shots.screenshots, shots.cover, autosave.draftId());
      if (refused) {
        leaving.current = false;
        autosave.resume();
        if (hasErrors(refused)) showErrors(refused);
      }
    } finally {
      setSaving(false);
    }
  };

  const dirty = workChanged(values, initialValues) || shots.items.length !== initialScreenshots.length;
  const cancel = () => {
    if (dirty) setConfirmingCancel(true);
    else void leave();
  };
  const leave = async () => {
    leaving.current = true;
    const saving = autosave.stop();
    if (saving) await saving;
    const draftId = autosave.draftId();
    // The draft first: its images go with it, then the uploads it did not hold yet.
    if (draft && draftId) await draft.discard(draftId).catch(() => {});
    shots.discardAll();
    onCancel();
  };

  // A step opened from the URL (a reload, Forward) shows only once the steps before it are done.
  useEffect(() => {
    const blocking = WIZARD_STEPS.find((item) => item.step < step && hasErrors(stepErrors(item.step)));
    if (blocking) setStep(blocking.step, { replace: true });
    // Checked when the step changes, not on every keystroke of an earlier step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const unsavedChanges = draft ? autosave.unsaved : dirty;

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
          {step === 3 && <TechInfoStep values={values} errors={errors} onChange={setField} onError={setError} zeroCodeLocked={editing} />}
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
            {draft && <DraftStatusText status={autosave.status} unsaved={autosave.unsaved} />}
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
        description={
          editing
            ? "変更した内容は保存されません。"
            : draft
              ? "下書きとアップロードした画像は削除されます。"
              : "入力した内容とアップロードした画像は保存されません。"
        }
        confirmLabel="破棄する"
        cancelLabel="入力を続ける"
        tone="danger"
        onConfirm={leave}
      />
      <LeaveGuard
        when={unsavedChanges}
        shouldBlock={(next) => !leaving.current && next.pathname !== pathname}
        description={draft ? "まだ下書きに保存されていない入力があります。" : undefined}
      />
    </div>
  );
}

/** Where the draft stands, said quietly next to the buttons. */
function DraftStatusText({ status, unsaved }: { status: DraftStatus; unsaved: boolean }) {
  let text = "";
  if (status.kind === "failed") text = `下書きを保存できませんでした: ${status.message}`;
  else if (status.kind === "saving" || (unsaved && status.kind !== "idle")) text = "下書きを保存中…";
  else if (status.kind === "saved") text = "下書きを保存しました";
  return (
    <p role="status" className={status.kind === "failed" ? "text-xs text-red-600" : "text-xs text-zinc-500"}>
      {text}
    </p>
  );
}
