import { House, RotateCw, TriangleAlert } from "lucide-react";
import { Button, buttonClassName } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { PageTitle } from "./page-title";

type ErrorScreenProps = {
  /** The technical message; shown only in development builds. */
  detail?: string;
  /** Fill the viewport when the error took the whole layout (header included) down. */
  fullScreen?: boolean;
};

/**
 * The top-level "something broke" screen. It works outside the router too (React error
 * boundary), so "ホームへ" is a plain link: a full page load also clears the broken state.
 */
export function ErrorScreen({ detail, fullScreen = false }: ErrorScreenProps) {
  return (
    <div className={cn("flex flex-col items-center justify-center px-6 py-20 text-center", fullScreen && "min-h-dvh bg-zinc-50")}>
      <PageTitle title="エラーが発生しました" />
      <div className="flex size-16 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <TriangleAlert aria-hidden className="size-8" />
      </div>
      <h1 className="mt-6 text-2xl font-bold text-zinc-900 sm:text-3xl">エラーが発生しました</h1>
      <p className="text-balance-ja mt-3 max-w-md text-zinc-600">
        申し訳ありません。ページの表示中に問題が起きました。再読み込みするか、ホームからもう一度お試しください。
      </p>
      {import.meta.env.DEV && detail && (
        <pre className="mt-6 max-w-full overflow-x-auto rounded-xl bg-zinc-900 px-4 py-3 text-left text-xs text-zinc-100">{detail}</pre>
      )}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <a href="/" className={buttonClassName({ size: "lg" })}>
          <House aria-hidden />
          ホームへ
        </a>
        <Button variant="outline" size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          再読み込み
        </Button>
      </div>
    </div>
  );
}
