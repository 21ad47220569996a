import { CircleAlert, ImageOff, ImagePlus, RotateCcw, Upload, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { IMAGE_ACCEPT } from "@/lib/image-files";
import { useNow } from "@/lib/use-now";
import { useObjectUrl } from "@/lib/use-object-url";
import { LIMITS } from "../../../convex/constants";
import type { ExistingScreenshot, NewScreenshot, ScreenshotItem, UploadPhase } from "./use-screenshot-uploads";

type ScreenshotsStepProps = {
  items: readonly ScreenshotItem[];
  /** Resolves to the message for refused files (wrong type, too large, no real image, too many), or null. */
  onAddFiles: (files: File[]) => Promise<string | null>;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
  editing: boolean;
  error?: string;
  onError: (message: string) => void;
};

/**
 * Step 2: drag and drop or pick up to 5 images. Each uploads at once with its own progress; in
 * edit mode the work's images are shown apart from the new ones, and both can be removed.
 */
export function ScreenshotsStep({ items, onAddFiles, onRemove, onRetry, editing, error, onError }: ScreenshotsStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const full = items.length >= LIMITS.screenshotsMax;
  const existing = items.filter((item): item is ExistingScreenshot => item.kind === "existing");
  const added = items.filter((item): item is NewScreenshot => item.kind === "new");
  // The gallery card will show the first image that is actually posted.
  const savedTitle = editing ? "現在の画像" : "下書きの画像";
  const leadKey = items.find((item) => item.kind === "existing" || item.phase !== "failed")?.key;

  const add = (files: File[]) => {
    if (files.length === 0) return;
    void onAddFiles(files).then((problem) => {
      if (problem) onError(problem);
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="flex flex-col gap-6">
      <div
        role="group"
        aria-label="スクリーンショットを追加"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = full ? "none" : "copy";
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:py-10",
          dragging && !full ? "border-brand-500 bg-brand-50" : "border-zinc-300 bg-zinc-50/60",
          error && "border-red-400",
        )}
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm">
          <Upload aria-hidden className="size-5" />
        </div>
        <div>
          <p className="font-semibold text-zinc-900">{full ? "画像は5枚まで追加済みです" : "ここに画像をドラッグ＆ドロップ"}</p>
          <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-600">
            PNG・JPG・GIF、1枚5MBまで、最大{LIMITS.screenshotsMax}枚。1枚目が一覧のサムネイルになります。
          </p>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          className="sr-only"
          aria-label="スクリーンショット画像"
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Clear it so picking the same file again still fires a change.
            event.target.value = "";
            add(files);
          }}
        />
        <Button variant="outline" disabled={full} aria-describedby={`${id}-hint`} onClick={() => inputRef.current?.click()}>
          <ImagePlus aria-hidden />
          画像を選択
        </Button>
        <p className="text-xs font-semibold text-zinc-500 tabular-nums" aria-live="polite">
          {items.length}/{LIMITS.screenshotsMax}枚
        </p>
      </div>
      <FieldError>{error}</FieldError>

      {/* A resumed draft's images are stored already, as a work's are. */}
      {(editing || existing.length > 0) && (
        <ShotGroup title={savedTitle} empty="現在の画像はすべて削除されます。">
          {existing.map((item) => (
            <ShotTile
              key={item.key}
              src={item.url}
              name={`${savedTitle}${existing.indexOf(item) + 1}`}
              first={leadKey === item.key}
              onRemove={() => onRemove(item.key)}
            />
          ))}
        </ShotGroup>
      )}
      {(added.length > 0 || editing) && (
        <ShotGroup title={editing ? "新しく追加する画像" : "追加した画像"} empty="まだ追加していません。">
          {added.map((item) => (
            <NewShotTile key={item.key} item={item} first={leadKey === item.key} onRemove={onRemove} onRetry={onRetry} />
          ))}
        </ShotGroup>
      )}
    </div>
  );
}

function ShotGroup({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-zinc-800">{title}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-zinc-500">{empty}</p>
      ) : (
        <ul aria-label={title} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {children}
        </ul>
      )}
    </section>
  );
}

const PHASE_LABELS: Record<UploadPhase, string> = {
  preparing: "サムネイルを作成中…",
  uploading: "アップロード中",
  checking: "確認中…",
  ready: "アップロード完了",
  failed: "アップロード失敗",
};

function NewShotTile({
  item,
  first,
  onRemove,
  onRetry,
}: {
  item: NewScreenshot;
  first: boolean;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const url = useObjectUrl(item.file);
  const percent = Math.round(item.progress * 100);
  return (
    <ShotTile src={url} name={item.file.name} first={first} onRemove={() => onRemove(item.key)} failed={item.phase === "failed"}>
      {item.phase === "failed" ? (
        <div className="flex flex-col gap-1.5 bg-red-50 px-2.5 py-2 text-xs text-red-700" role="alert">
          <p className="flex items-start gap-1">
            <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
            <span>{item.error}</span>
          </p>
          {item.retryable && <RetryButton retryAt={item.retryAt} onRetry={() => onRetry(item.key)} />}
        </div>
      ) : (
        <div className="flex flex-col gap-1 px-2.5 py-2">
          <p className="flex items-center gap-1.5 text-xs text-zinc-600">
            {item.phase !== "ready" && <Spinner size="sm" />}
            {PHASE_LABELS[item.phase]}
            {item.phase === "uploading" && <span className="tabular-nums">{percent}%</span>}
          </p>
          <div
            role="progressbar"
            aria-label={`${item.file.name}のアップロード`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.phase === "ready" ? 100 : percent}
            aria-valuetext={item.phase === "ready" ? "完了" : `${percent}%`}
            className="h-1.5 overflow-hidden rounded-full bg-zinc-200"
          >
            <div
              className={cn(
                "h-full rounded-full transition-[width] duration-200",
                item.phase === "ready" ? "bg-emerald-500" : "bg-brand-gradient",
              )}
              style={{ width: `${item.phase === "ready" ? 100 : Math.max(4, percent)}%` }}
            />
          </div>
        </div>
      )}
    </ShotTile>
  );
}

/** 再試行, held back with a countdown while the server's wait (too many uploads) runs. */
function RetryButton({ retryAt, onRetry }: { retryAt?: number; onRetry: () => void }) {
  const now = useNow(1000);
  const seconds = retryAt === undefined ? 0 : Math.ceil((retryAt - now) / 1000);
  return (
    <Button size="sm" variant="outline" className="h-7 self-start" disabled={seconds > 0} onClick={onRetry}>
      <RotateCcw aria-hidden />
      {seconds > 0 ? `再試行（あと${seconds < 60 ? `${seconds}秒` : `約${Math.ceil(seconds / 60)}分`}）` : "再試行"}
    </Button>
  );
}

function ShotTile({
  src,
  name,
  first,
  onRemove,
  failed,
  children,
}: {
  src: string | null;
  name: string;
  first: boolean;
  onRemove: () => void;
  failed?: boolean;
  children?: ReactNode;
}) {
  // A file the browser cannot draw shows its name instead of a broken image.
  const [broken, setBroken] = useState(false);
  return (
    <li
      className={cn(
        "relative flex flex-col overflow-hidden rounded-xl border bg-white shadow-xs",
        failed ? "border-red-300" : "border-zinc-200",
      )}
    >
      <div className="relative aspect-[16/10] bg-zinc-100">
        {src && !broken ? (
          <img src={src} alt={name} onError={() => setBroken(true)} className="size-full object-cover" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 px-2 text-zinc-400">
            <ImageOff aria-hidden className="size-6" />
            <span className="max-w-full truncate text-xs">{name}</span>
          </div>
        )}
        {first && (
          <span className="absolute bottom-1.5 left-1.5 rounded-md bg-zinc-900/75 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-white">
            サムネイル
          </span>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`${name}を削除`}
          className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-full bg-zinc-900/70 text-white transition-colors hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      {children}
    </li>
  );
}
