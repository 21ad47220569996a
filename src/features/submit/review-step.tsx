import { Pencil, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { genreLabel } from "@/lib/genres";
import { useObjectUrl } from "@/lib/use-object-url";
import { cleanList, uniqueList } from "../../../convex/model/workRules";
import type { ScreenshotItem } from "./use-screenshot-uploads";
import type { WorkFormInput } from "./work-form-state";
import type { WizardStep } from "./wizard-steps";

/** How many images the review shows before "+N". */
const PREVIEW_COUNT = 3;

type ReviewStepProps = {
  values: WorkFormInput;
  screenshots: readonly ScreenshotItem[];
  onEdit: (step: WizardStep) => void;
};

/** Step 4: everything at a glance before 投稿する / 更新する, each part with a way back to fix it. */
export function ReviewStep({ values, screenshots, onEdit }: ReviewStepProps) {
  const extra = screenshots.length - PREVIEW_COUNT;
  const tags = uniqueList(cleanList(values.tags, { stripHash: true }));
  const techStack = uniqueList(cleanList(values.techStack));
  return (
    <div className="flex flex-col gap-5">
      <ReviewSection title="基本情報" step={1} onEdit={onEdit}>
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {values.genre && <Badge>{genreLabel(values.genre)}</Badge>}
            {values.isZeroCode && (
              <Badge color="purple">
                <Sparkles aria-hidden />
                ゼロコード
              </Badge>
            )}
          </div>
          <p className="text-xl font-bold break-words text-zinc-900">{values.title.trim()}</p>
          <ReviewText label="説明" text={values.description} />
          <ReviewText label="Vibeの説明" text={values.vibeDescription} />
          <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
            {(
              [
                ["デモURL", values.demoUrl],
                ["デモ動画URL", values.demoVideoUrl],
                ["リポジトリURL", values.repositoryUrl],
              ] as const
            ).map(([label, url]) => (
              <div key={label} className="contents">
                <dt className="text-zinc-500">{label}</dt>
                <dd className="mb-1 truncate text-zinc-800 sm:mb-0">{url.trim() || "なし"}</dd>
              </div>
            ))}
          </dl>
        </div>
      </ReviewSection>

      <ReviewSection title={`スクリーンショット（${screenshots.length}枚）`} step={2} onEdit={onEdit}>
        <ul aria-label="スクリーンショット" className="grid grid-cols-3 gap-2">
          {screenshots.slice(0, PREVIEW_COUNT).map((item, index) => (
            <li key={item.key} className="relative aspect-[16/10] overflow-hidden rounded-lg bg-zinc-100">
              <ShotPreview item={item} alt={`スクリーンショット${index + 1}`} />
              {index === PREVIEW_COUNT - 1 && extra > 0 && (
                <span className="absolute inset-0 flex items-center justify-center bg-zinc-900/60 text-lg font-bold text-white">
                  +{extra}
                </span>
              )}
            </li>
          ))}
        </ul>
      </ReviewSection>

      <ReviewSection title="技術情報" step={3} onEdit={onEdit}>
        <div className="flex flex-col gap-3 text-sm">
          <Chips label="使用したAIツール" items={values.aiTools} tone="brand" />
          <Chips label="技術スタック" items={techStack} />
          <Chips label="タグ" items={tags.map((tag) => `#${tag}`)} />
          <p className="flex items-center gap-1.5 text-zinc-700">
            <Sparkles aria-hidden className={values.isZeroCode ? "size-4 text-brand-600" : "size-4 text-zinc-400"} />
            {values.isZeroCode ? "ゼロコード作品として投稿します" : "ゼロコード宣言なし"}
          </p>
        </div>
      </ReviewSection>
    </div>
  );
}

function ReviewSection({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: WizardStep;
  onEdit: (step: WizardStep) => void;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-zinc-200 p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-bold text-zinc-900">{title}</h3>
        <button
          type="button"
          onClick={() => onEdit(step)}
          aria-label={`${title}を修正`}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Pencil aria-hidden className="size-3.5" />
          修正
        </button>
      </div>
      {children}
    </section>
  );
}

function ReviewText({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="text-xs font-semibold text-zinc-500">{label}</p>
      <p className="mt-0.5 line-clamp-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-700">{text.trim()}</p>
    </div>
  );
}

function Chips({ label, items, tone = "neutral" }: { label: string; items: readonly string[]; tone?: "neutral" | "brand" }) {
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-baseline sm:gap-3">
      <p className="w-32 shrink-0 text-xs font-semibold text-zinc-500">{label}</p>
      {items.length === 0 ? (
        <p className="text-zinc-500">なし</p>
      ) : (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li
              key={item}
              className={
                tone === "brand"
                  ? "rounded-lg bg-brand-50 px-2.5 py-1 font-medium text-brand-800"
                  : "rounded-lg bg-zinc-100 px-2.5 py-1 text-zinc-700"
              }
            >
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ShotPreview({ item, alt }: { item: ScreenshotItem; alt: string }) {
  const objectUrl = useObjectUrl(item.kind === "new" ? item.file : null);
  const src = item.kind === "existing" ? item.url : objectUrl;
  return src ? <img src={src} alt={alt} className="size-full object-cover" /> : null;
}
