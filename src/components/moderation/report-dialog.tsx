import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation } from "convex/react";
import { CircleCheck, Info } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from "../../../convex/constants";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FieldError, Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { readServerError } from "@/lib/convex-error";
import { REPORT_NOTE_MAX, TARGET_TYPE_LABELS, type ModerationTarget } from "@/lib/moderation";
import { useViewer } from "@/lib/use-viewer";
import { focusOnClose } from "./focus";

export const REPORT_MESSAGES = {
  created: "通報を受け付けました。内容を確認し、必要に応じて対応します。ご協力ありがとうございます。",
  alreadyOpen: "この内容はすでに通報済みです。確認までしばらくお待ちください。",
  signIn: "通報するにはログインが必要です",
  reasonRequired: "通報の理由を選択してください",
  noteTooLong: `補足は${REPORT_NOTE_MAX}文字以内で入力してください`,
  failed: "通報を送信できませんでした",
} as const;

type ReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ModerationTarget;
  /** Where focus goes when the dialog closes (the menu button it was opened from). */
  finalFocus?: RefObject<HTMLElement | null>;
};

/**
 * 通報する: a reason, an optional note, then a calm confirmation in the same dialog. Visitors are
 * asked to sign in first. Mounted only while open, so each opening starts with an empty form.
 */
export function ReportDialog({ open, onOpenChange, target, finalFocus }: ReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ReportDialogBody target={target} finalFocus={finalFocus} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type Outcome = "created" | "alreadyOpen";

type BodyProps = { target: ModerationTarget; finalFocus?: RefObject<HTMLElement | null>; onClose: () => void };

function ReportDialogBody({ target, finalFocus, onClose }: BodyProps) {
  const { status } = useViewer();
  const onCloseAutoFocus = focusOnClose(finalFocus);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const noun = TARGET_TYPE_LABELS[target.type];

  if (status === "signedOut") {
    return (
      <DialogContent size="sm" title={`${noun}を通報する`} description={REPORT_MESSAGES.signIn} onCloseAutoFocus={onCloseAutoFocus}>
        <p className="text-sm text-zinc-600">ログイン後、このページに戻って通報できます。</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">キャンセル</Button>
          </DialogClose>
          <SignInButton size="md" />
        </DialogFooter>
      </DialogContent>
    );
  }

  if (outcome) {
    const created = outcome === "created";
    return (
      <DialogContent size="sm" hideCloseButton title={created ? "通報しました" : "通報済みです"} onCloseAutoFocus={onCloseAutoFocus}>
        <div role="status" className="flex items-start gap-3 rounded-xl bg-zinc-50 p-4 text-sm leading-relaxed text-zinc-700">
          {created ? (
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          ) : (
            <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
          )}
          <p>{created ? REPORT_MESSAGES.created : REPORT_MESSAGES.alreadyOpen}</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            閉じる
          </Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent
      onCloseAutoFocus={onCloseAutoFocus}
      title={`${noun}を通報する`}
      description={
        <>
          <span className="font-semibold break-all text-zinc-800">{target.label}</span>{" "}
          について、当てはまる理由を選んでください。通報したことが相手に伝わることはありません。
        </>
      }
    >
      <ReportForm target={target} onDone={setOutcome} />
    </DialogContent>
  );
}

function ReportForm({ target, onDone }: { target: ModerationTarget; onDone: (outcome: Outcome) => void }) {
  const create = useMutation(api.reports.create);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; note?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const groupName = useId();
  const reasonErrorId = useId();
  const noteId = useId();
  const noteErrorId = useId();
  const firstRadio = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!reason) next.reason = REPORT_MESSAGES.reasonRequired;
    if (Array.from(note).length > REPORT_NOTE_MAX) next.note = REPORT_MESSAGES.noteTooLong;
    setErrors(next);
    if (next.reason) return firstRadio.current?.focus();
    if (next.note) return document.getElementById(noteId)?.focus();
    setBusy(true);
    try {
      const trimmed = note.trim();
      const result = await create({
        targetType: target.type,
        targetId: target.id,
        reason: reason!,
        ...(trimmed ? { note: trimmed } : {}),
      });
      onDone(result.status);
    } catch (error) {
      setErrors({ form: readServerError(error, REPORT_MESSAGES.failed).message });
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className="mb-2 inline-flex items-center gap-2 text-sm font-semibold text-zinc-800">
          理由
          <span className="rounded-md bg-red-50 px-1.5 py-px text-[0.6875rem] font-semibold text-red-700">必須</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((value, index) => (
            <label
              key={value}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition-colors",
                "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
                reason === value
                  ? "border-brand-500 bg-brand-50/60 font-semibold text-zinc-900"
                  : "border-zinc-200 text-zinc-700 hover:border-zinc-300",
              )}
            >
              <input
                ref={index === 0 ? firstRadio : undefined}
                type="radio"
                name={groupName}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setErrors((current) => ({ ...current, reason: undefined }));
                }}
                aria-invalid={errors.reason ? true : undefined}
                className="size-4 shrink-0 accent-brand-600"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
        <FieldError id={reasonErrorId} className="mt-2">
          {errors.reason}
        </FieldError>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={noteId}>補足（任意）</Label>
        <Textarea
          id={noteId}
          rows={3}
          maxCount={REPORT_NOTE_MAX}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            if (errors.note) setErrors((current) => ({ ...current, note: undefined }));
          }}
          placeholder="どこが問題か、元の作品のURLなど、確認に役立つことがあれば書いてください。"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? noteErrorId : undefined}
        />
        <FieldError id={noteErrorId}>{errors.note}</FieldError>
      </div>
      {errors.form && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <DialogFooter className="not-first:mt-1">
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            キャンセル
          </Button>
        </DialogClose>
        <Button type="submit" loading={busy}>
          送信
        </Button>
      </DialogFooter>
    </form>
  );
}
