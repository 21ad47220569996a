import { StepMarker, StepProgressBar } from "@/components/ui/step-progress";
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
      <StepProgressBar step={step} total={total} stepTitle={SETUP_STEPS[step - 1]?.title} label="プロフィール設定の進み具合" />
      <ol className="grid grid-cols-2 gap-3">
        {SETUP_STEPS.map((item, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li key={item.title} aria-current={current ? "step" : undefined} className="flex items-center gap-2.5">
              <StepMarker number={number} done={done} current={current} />
              <span className="min-w-0">
                <span className={cn("block text-sm font-semibold", current || done ? "text-zinc-900" : "text-zinc-500")}>{item.title}</span>
                <span className="hidden text-xs text-zinc-500 sm:block">{item.description}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
