import { Heart, MessageCircle, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/**
 * A conversation with an AI turning into a finished work: the zero-code idea in one picture.
 * Purely decorative, so it is hidden from screen readers.
 */
export function HeroIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none lg:mx-0 lg:ml-auto">
      <div className="flex flex-col gap-3 rounded-3xl border border-zinc-200 bg-zinc-50/80 p-4 shadow-xl shadow-brand-900/5 sm:p-5">
        <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-zinc-900 px-4 py-2.5 text-sm text-white">
          旅の思い出を地図に残せるアプリをつくりたい！
        </div>
        <div className="flex max-w-[90%] items-start gap-2">
          <span className="bg-brand-gradient mt-1 flex size-7 shrink-0 items-center justify-center rounded-full text-white">
            <Sparkles className="size-3.5" />
          </span>
          <div className="rounded-2xl rounded-tl-md border border-zinc-200 bg-white px-4 py-2.5 text-sm text-zinc-700">
            いいですね！写真をピンで地図に並べる画面から作ってみましょう。
          </div>
        </div>

        <div className="mt-2 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm">
          <div className="relative h-36 bg-gradient-to-br from-sky-100 via-brand-100 to-pink-100 sm:h-40">
            {/* A tiny "map" made of pins. */}
            <span className="absolute top-[30%] left-[22%] size-3 rounded-full bg-brand-600 ring-4 ring-white/70" />
            <span className="absolute top-[55%] left-[48%] size-3 rounded-full bg-accent-500 ring-4 ring-white/70" />
            <span className="absolute top-[25%] left-[70%] size-3 rounded-full bg-sky-500 ring-4 ring-white/70" />
            <span className="absolute top-[68%] left-[78%] size-3 rounded-full bg-amber-500 ring-4 ring-white/70" />
            <svg className="absolute inset-0 size-full" viewBox="0 0 100 100" preserveAspectRatio="none">
              <path d="M23 32 Q 35 60 49 57 T 71 27 T 79 70" fill="none" stroke="white" strokeWidth="0.8" strokeDasharray="2 2" />
            </svg>
          </div>
          <div className="flex flex-col gap-2 p-4">
            <div className="flex items-center justify-between gap-2">
              <p className="font-bold text-zinc-900">たびピン</p>
              <Badge color="purple">
                <Sparkles />
                ゼロコード
              </Badge>
            </div>
            <div className="flex items-center gap-4 text-xs text-zinc-500">
              <span className="inline-flex items-center gap-1">
                <Heart className="size-3.5" /> いいね
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="size-3.5" /> コメント
              </span>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
