import { useState } from "react";
import { useMutation } from "convex/react";
import { CircleCheck, EyeOff, ShieldAlert } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { Button } from "@/components/ui/button";
import { readServerError } from "@/lib/convex-error";

export type ContentModeration = {
  state: "hidden" | "pending" | "held";
  reason: string;
  reviewRequested: boolean;
};

type ModerationBannerProps = {
  targetType: "work" | "challenge";
  targetId: string;
  moderation: ContentModeration;
  /** The author may ask for a review; moderators only see where things stand. */
  isAuthor: boolean;
};

const NOUNS = { work: "作品", challenge: "チャレンジ" } as const;

export function moderationHeadline(targetType: "work" | "challenge", state: ContentModeration["state"]): string {
  const noun = NOUNS[targetType];
  if (state === "hidden") return `この${noun}は非公開になっています`;
  return "通報が多いため、確認が済むまで非公開になっています";
}

/**
 * Shown at the top of a hidden work or challenge to its author (and to moderators): why it is out
 * of sight, and a one-time 再審査を依頼 that puts it back in the moderators' queue.
 */
export function ModerationBanner({ targetType, targetId, moderation, isAuthor }: ModerationBannerProps) {
  const requestReview = useMutation(api.moderation.requestReview);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's flag arrives live; remembering the click avoids a flash of the button meanwhile.
  const [requested, setRequested] = useState(false);
  const reviewRequested = moderation.reviewRequested || requested;

  const request = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestReview({ targetType, targetId });
      setRequested(true);
    } catch (failure) {
      setError(readServerError(failure, "再審査を依頼できませんでした").message);
    } finally {
      setBusy(false);
    }
  };

  const note = !isAuthor
    ? "投稿者とモデレーターにだけ表示されています。"
    : reviewRequested
      ? "ほかの人には表示されていません。モデレーターが確認するまでお待ちください。"
      : "ほかの人には表示されていません。内容に問題がないと思われる場合は、再審査を依頼できます。";

  return (
    <section
      aria-labelledby={`moderation-${targetId}`}
      className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50/70 px-4 py-4 sm:gap-4 sm:px-5"
    >
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
        {moderation.state === "hidden" ? <EyeOff className="size-4.5" /> : <ShieldAlert className="size-4.5" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={`moderation-${targetId}`} className="text-sm font-bold text-amber-900 sm:text-base">
            {moderationHeadline(targetType, moderation.state)}
          </h2>
          {moderation.reason && (
            <p className="text-sm break-words text-amber-900/90">
              <span className="font-semibold">理由:</span> {moderation.reason}
            </p>
          )}
          <p className="text-xs text-amber-900/75 sm:text-sm">{note}</p>
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
        </div>
        {isAuthor && (
          <div className="shrink-0" aria-live="polite">
            {reviewRequested ? (
              <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700 sm:h-10">
                <CircleCheck aria-hidden className="size-4" />
                再審査を依頼しました
              </p>
            ) : (
              <Button variant="outline" loading={busy} onClick={() => void request()}>
                再審査を依頼
              </Button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** Under a hidden or held comment, seen by its author (and moderators). */
export function CommentModerationNote({
  moderation,
  isMine,
}: {
  moderation: { state: "hidden" | "pending" | "held"; reason: string };
  isMine: boolean;
}) {
  const text = isMine
    ? moderation.state === "hidden"
      ? "このコメントは非表示になっています"
      : "このコメントは確認待ちのため、あなたにだけ表示されています"
    : moderation.state === "hidden"
      ? "非表示のコメント（投稿者とモデレーターにだけ表示）"
      : "確認待ちのコメント（投稿者とモデレーターにだけ表示）";
  return (
    <p className="mt-2 inline-flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
      <EyeOff aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      <span>
        {text}
        {moderation.state === "hidden" && moderation.reason && <>（理由: {moderation.reason}）</>}
      </span>
    </p>
  );
}
