import { ImagePlus, RotateCcw, Trash2 } from "lucide-react";
import { useId, useRef, type ChangeEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/label";
import { IMAGE_ACCEPT, imageFileProblem } from "@/lib/image-files";
import { KEEP_PHOTO, type PhotoChoice } from "./profile-photo";
import { useObjectUrl } from "@/lib/use-object-url";

type PhotoFieldProps = {
  /** Name and seed for the generated fallback avatar. */
  displayName: string;
  seed: string;
  /** The photo the user has now (Google's or an earlier upload). */
  currentPhotoUrl: string | null;
  choice: PhotoChoice;
  onChoiceChange: (choice: PhotoChoice) => void;
  /** Edit offers removing the current photo; setup only replaces it. */
  allowRemove?: boolean;
  error?: string;
  /** A picked file was refused (too large, wrong type): the caller shows it and may toast. */
  onReject: (message: string) => void;
};

export function PhotoField({
  displayName,
  seed,
  currentPhotoUrl,
  choice,
  onChoiceChange,
  allowRemove = false,
  error,
  onReject,
}: PhotoFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const pickedUrl = useObjectUrl(choice.kind === "upload" ? choice.file : null);
  const previewUrl = choice.kind === "upload" ? pickedUrl : choice.kind === "remove" ? null : currentPhotoUrl;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so picking the same file again still fires a change.
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) onReject(problem);
    else onChoiceChange({ kind: "upload", file });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold text-zinc-800">プロフィール画像</span>
      <div className="flex items-center gap-4 sm:gap-5">
        <Avatar
          name={displayName.trim() || "?"}
          seed={seed}
          src={previewUrl}
          size="xl"
          decorative
          className="ring-4 ring-white shadow-md"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              aria-label="プロフィール画像"
              onChange={pick}
              tabIndex={-1}
            />
            {/* The visible control; the file input above stays hidden but labelled. */}
            <Button
              variant="outline"
              size="sm"
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              onClick={() => inputRef.current?.click()}
            >
              <ImagePlus aria-hidden />
              {previewUrl ? "画像を変更" : "画像を選択"}
            </Button>
            {choice.kind !== "keep" && (
              <Button variant="ghost" size="sm" onClick={() => onChoiceChange(KEEP_PHOTO)}>
                <RotateCcw aria-hidden />
                元に戻す
              </Button>
            )}
            {allowRemove && choice.kind === "keep" && currentPhotoUrl && (
              <Button variant="ghost" size="sm" onClick={() => onChoiceChange({ kind: "remove" })}>
                <Trash2 aria-hidden />
                画像を削除
              </Button>
            )}
          </div>
          <p id={hintId} className="text-xs text-zinc-500">
            PNG・JPEG・GIF、5MBまで。画像がないときは頭文字のアイコンを表示します。
          </p>
        </div>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
