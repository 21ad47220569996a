import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { WIZARD_STEPS, type WizardStep } from "./wizard-steps";

type WizardProgressProps = {
  step: WizardStep;
  /** Called for a completed earlier step; later steps are not offered. */
  onStepClick: (step: WizardStep) => void;
  disabled?: boolean;
};

/**
 * "ステップ 2/4" with a bar and the four steps. Completed earlier steps are buttons that go back
 * to them; the current and later steps are plain text (next is reached only with 次へ).
 */
export function WizardProgress({ step, onStepClick, disabled }: WizardProgressProps) {
  const total = WIZARD_STEPS.length;
  return (
    <nav aria-label="投稿の進み具合" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-semibold text-brand-700">
          ステップ {step}/{total}
        </p>
        <p className="text-zinc-500">{WIZARD_STEPS[step - 1]?.title}</p>
      </div>
      <div
        role="progressbar"
        aria-label="投稿の進み具合"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`ステップ ${step}/${total}`}
        className="h-2 overflow-hidden rounded-full bg-zinc-200"
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-300" style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map((item) => {
          const done = item.step < step;
          const current = item.step === step;
          const content = (
            <>
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                  done && "bg-brand-600 text-white",
                  current && "bg-brand-gradient text-white shadow-sm shadow-brand-600/30",
                  !done && !current && "bg-zinc-100 text-zinc-500",
                )}
              >
                {done ? <Check aria-hidden className="size-4" /> : item.step}
              </span>
              <span
                className={cn(
                  "text-center text-[0.6875rem] leading-tight font-semibold sm:text-xs",
                  current || done ? "text-zinc-900" : "text-zinc-500",
                )}
              >
                {item.title}
              </span>
            </>
          );
          const layout = "flex w-full flex-col items-center gap-1.5 rounded-xl p-1.5";
          return (
            <li key={item.step} aria-current={current ? "step" : undefined}>
              {done ? (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onStepClick(item.step)}
                  aria-label={`ステップ${item.step}「${item.title}」に戻る`}
                  className={cn(layout, "transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600")}
                >
                  {content}
                </button>
              ) : (
                <div className={layout}>{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
