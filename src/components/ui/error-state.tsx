import { RotateCw, TriangleAlert } from "lucide-react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

type ErrorStateProps = {
  message: string;
  /**
   * Defaults to reloading the page, which is what the error state offers (docs/product.md "App
   * shell").
   */
  onRetry?: () => void;
  className?: string;
};

const reloadPage = () => window.location.reload();

/** A section that failed to load: 'エラー: {message}' and a 再読み込み button. */
export function ErrorState({ message, onRetry = reloadPage, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn("flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50/60 px-6 py-10 text-center", className)}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600">
        <TriangleAlert aria-hidden className="size-6" />
      </div>
      <p className="text-sm font-semibold text-red-700">エラー: {message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden />
        再読み込み
      </Button>
    </div>
  );
}
