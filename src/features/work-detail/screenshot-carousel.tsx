import { useState, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";

export type Screenshot = { url: string | null; thumbnailUrl?: string | null };

type CarouselProps = { screenshots: Screenshot[]; title: string; className?: string };

const arrowClass =
  "absolute top-1/2 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-zinc-800 shadow-md " +
  "transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * The work's screenshots, one at a time: ←/→ buttons and keys (wrapping round at the ends) and
 * a dot per image. One image shows without controls; none shows the placeholder. Only the shown
 * original is loaded; once it has arrived, the next one is fetched ahead so → shows it at once
 * (issue 16: a work page never downloads all its originals up front).
 */
export function ScreenshotCarousel({ screenshots, title, className }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const count = screenshots.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(current + 1);
    }
  };

  const shot = screenshots[current];
  const nextUrl = count > 1 ? screenshots[(current + 1) % count]?.url : null;
  const preloadNext = () => {
    if (nextUrl) new Image().src = nextUrl;
  };
  return (
    <section
      aria-roledescription="カルーセル"
      aria-label="スクリーンショット"
      tabIndex={count > 1 ? 0 : undefined}
      onKeyDown={onKeyDown}
      className={cn(
        "relative overflow-hidden rounded-2xl border border-zinc-200 bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      <div className="aspect-[16/10]">
        <img
          key={current}
          src={shot?.url ?? shot?.thumbnailUrl ?? "/placeholder-thumbnail.svg"}
          alt={count > 0 ? `${title}のスクリーンショット ${current + 1}/${count}` : ""}
          decoding="async"
          onLoad={preloadNext}
          className="size-full animate-fade-in object-contain"
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label="前の画像"
            onClick={() => go(current - 1)}
            className={cn(arrowClass, "left-3")}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label="次の画像"
            onClick={() => go(current + 1)}
            className={cn(arrowClass, "right-3")}
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center">
            <div className="flex items-center gap-1 rounded-full bg-zinc-900/50 px-2 py-1 backdrop-blur-sm">
              {screenshots.map((_, n) => (
                <button
                  key={n}
                  type="button"
                  aria-label={`画像 ${n + 1}を表示`}
                  aria-current={n === current ? "true" : undefined}
                  onClick={() => go(n)}
                  className="group inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                >
                  <span
                    className={cn(
                      "block rounded-full transition-all",
                      n === current ? "h-2 w-5 bg-white" : "size-2 bg-white/60 group-hover:bg-white/90",
                    )}
                  />
                </button>
              ))}
            </div>
          </div>
          <p className="sr-only" aria-live="polite">
            {current + 1}/{count}枚目
          </p>
        </>
      )}
    </section>
  );
}
