import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

export const SETUP_STEPS = [
  { title: "プロフィール", description: "写真・ユーザーID・自己紹介" },
  { title: "SNSリンク", description: "GitHub・Twitter・Webサイト（任意）" },
] as const;

/** "ステップ 1/2" with a bar and the step names; the current step is marked for screen readers. */
export function SetupProgress({ step }: { step: number }) {
  const total = SETUP_STEPS.length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-semibold text-brand-700">
          ステップ {step}/{total}
        </p>
        <p className="text-zinc-500">{SETUP_STEPS[step - 1]?.title}</p>
      </div>
      <div
        role="progressbar"
        aria-label="プロフィール設定の進み具合"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`ステップ ${step}/${total}`}
        className="h-2 overflow-hidden rounded-full bg-zinc-200"
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-300" style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <ol className="grid grid-cols-2 gap-3">
        {SETUP_STEPS.map((item, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li key={item.title} aria-current={current ? "step" : undefined} className="flex items-center gap-2.5">
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                  done && "bg-brand-600 text-white",
                  current && "bg-brand-gradient text-white shadow-sm shadow-brand-600/30",
                  !done && !current && "bg-zinc-100 text-zinc-500",
                )}
              >
                {done ? <Check aria-label="完了" className="size-4" /> : number}
              </span>
              <span className="min-w-0">
                <span className={cn("block text-sm font-semibold", current || done ? "text-zinc-900" : "text-zinc-500")}>
                  {item.title}
                </span>
                <span className="hidden text-xs text-zinc-500 sm:block">{item.description}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
