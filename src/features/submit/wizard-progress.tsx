import { StepMarker, StepProgressBar } from "@/components/ui/step-progress";
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
      <StepProgressBar step={step} total={total} stepTitle={WIZARD_STEPS[step - 1]?.title} label="投稿の進み具合" />
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map((item) => {
          const done = item.step < step;
          const current = item.step === step;
          const content = (
            <>
              <StepMarker number={item.step} done={done} current={current} />
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
