import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

type StepProgressBarProps = {
  step: number;
  total: number;
  /** The current step's name, shown at the right. */
  stepTitle: string | undefined;
  /** Names the progress bar for screen readers, e.g. "投稿の進み具合". */
  label: string;
};

/** "ステップ 2/4" with the current step's name above a bar filled to the step (multi-step forms). */
export function StepProgressBar({ step, total, stepTitle, label }: StepProgressBarProps) {
  return (
    <>
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-semibold text-brand-700">
          ステップ {step}/{total}
        </p>
        <p className="text-zinc-500">{stepTitle}</p>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`ステップ ${step}/${total}`}
        className="h-2 overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className="h-full rounded-full bg-brand-gradient transition-[width] duration-300"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
    </>
  );
}

/** A step's number in a circle: a check once done, the brand gradient while current. */
export function StepMarker({ number, done, current }: { number: number; done: boolean; current: boolean }) {
  return (
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
  );
}
