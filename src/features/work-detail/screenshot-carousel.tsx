import { useState, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { THUMBNAIL_WIDTH } from "@/components/works/card-image";
import { cn } from "@/lib/cn";

export type Screenshot = { url: string | null; thumbnailUrl?: string | null };

type CarouselProps = {
  screenshots: Screenshot[];
  title: string;
  /**
   * A picture already in the browser's cache (the cover the page showed while it loaded), behind
   * the first screenshot until that has arrived, so the page does not flash grey in between.
   */
  backdrop?: string | null;
  className?: string;
};

const arrowClass =
  "absolute top-1/2 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-zinc-800 shadow-md " +
  "transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * What the browser picks from: the 640 px thumbnail where it is sharp enough (most phones), the
 * original elsewhere. Originals are not measured; they are taken to be this wide (a screenshot
 * of a desktop browser), which only steers the choice.
 */
const ORIGINAL_WIDTH_ASSUMED = 1600;
/** The carousel's width: the main column beside the 20rem sidebar, or the screen less padding. */
const SIZES = "(min-width: 1024px) 47rem, calc(100vw - 2rem)";

function sources(shot: Screenshot | undefined) {
  const src = shot?.url ?? shot?.thumbnailUrl ?? "/placeholder-thumbnail.svg";
  if (!shot?.url || !shot.thumbnailUrl) return { src };
  return { src, srcSet: `${shot.thumbnailUrl} ${THUMBNAIL_WIDTH}w, ${shot.url} ${ORIGINAL_WIDTH_ASSUMED}w`, sizes: SIZES };
}

/** The backdrop, laid out as the <img> over it (object-contain). */
const backdropStyle = (url: string) => ({
  backgroundImage: `url(${JSON.stringify(url)})`,
  backgroundPosition: "center",
  backgroundSize: "contain",
  backgroundRepeat: "no-repeat",
});

/**
 * The work's screenshots, one at a time: ←/→ buttons and keys (wrapping round at the ends) and
 * a dot per image. One image shows without controls; none shows the placeholder. Only the shown
 * original is loaded; once it has arrived, the next one is fetched ahead so → shows it at once
 * (a work page never downloads all its originals up front).
 */
export function ScreenshotCarousel({ screenshots, title, backdrop, className }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [firstArrived, setFirstArrived] = useState(false);
  // Only a change of image fades in: the first one shows as soon as it has arrived.
  const [changed, setChanged] = useState(false);
  const count = screenshots.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const go = (next: number) => {
    setIndex(((next % count) + count) % count);
    setChanged(true);
  };

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
  const next = count > 1 ? sources(screenshots[(current + 1) % count]) : null;
  const preloadNext = () => {
    if (!next) return;
    // The same candidates as the <img> will have, so the browser fetches the one it will show.
    const image = new Image();
    if (next.srcSet) {
      image.sizes = next.sizes;
      image.srcset = next.srcSet;
    }
    image.src = next.src;
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
      <div className="aspect-[16/10]" style={backdrop && count > 0 && current === 0 && !firstArrived ? backdropStyle(backdrop) : undefined}>
        <img
          key={current}
          {...sources(shot)}
          // The first screenshot is the page's largest paint: fetched ahead of everything else.
          fetchPriority={current === 0 ? "high" : "auto"}
          alt={count > 0 ? `${title}のスクリーンショット ${current + 1}/${count}` : ""}
          decoding="async"
          onLoad={() => {
            if (current === 0) setFirstArrived(true);
            preloadNext();
          }}
          className={cn("size-full object-contain", changed && "animate-fade-in")}
        />
      </div>
      {count > 1 && (
        <>
          <button type="button" aria-label="前の画像" onClick={() => go(current - 1)} className={cn(arrowClass, "left-3")}>
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button type="button" aria-label="次の画像" onClick={() => go(current + 1)} className={cn(arrowClass, "right-3")}>
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
