import { cn } from "@/lib/cn";

const sizes = { sm: "size-4", md: "size-5", lg: "size-7" } as const;

type SpinnerProps = { size?: keyof typeof sizes; className?: string; label?: string };

/** Decorative unless given a label; inside a button the button itself announces busy state. */
export function Spinner({ size = "md", className, label }: SpinnerProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      className={cn("animate-spin", sizes[size], className)}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

type LoadingStateProps = { label?: string; className?: string };

/** Placeholder for a section or page whose data is on its way. */
export function LoadingState({ label = "読み込み中…", className }: LoadingStateProps) {
  return (
    <div role="status" className={cn("flex flex-col items-center justify-center gap-3 py-16 text-zinc-500", className)}>
      <Spinner size="lg" className="text-brand-600" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
