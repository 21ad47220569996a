// The ゼロコードのみ switch of the gallery and the tag and tool pages: a pressed/unpressed button.
import { Sparkles } from "lucide-react";
import { cn } from "@/lib/cn";

export function ZeroCodeToggle({ pressed, onToggle, className }: { pressed: boolean; onToggle: () => void; className?: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        "inline-flex h-11 items-center justify-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-4",
        pressed
          ? "border-brand-500 bg-brand-50 text-brand-800"
          : "border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:bg-zinc-50",
        className,
      )}
    >
      <Sparkles aria-hidden />
      ゼロコードのみ
    </button>
  );
}
