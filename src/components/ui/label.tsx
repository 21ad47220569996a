import type { LabelHTMLAttributes, ReactNode } from "react";
import { CircleAlert } from "lucide-react";
import { cn } from "@/lib/cn";

type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean };

export function Label({ required, className, children, ...props }: LabelProps) {
  return (
    <label className={cn("inline-flex items-center gap-2 text-sm font-semibold text-zinc-800", className)} {...props}>
      {children}
      {required && <span className="rounded-md bg-red-50 px-1.5 py-px text-[0.6875rem] font-semibold text-red-700">必須</span>}
    </label>
  );
}

type FieldTextProps = { id?: string; className?: string; children?: ReactNode };

/** Validation message. role="alert" so screen readers hear it the moment it appears. */
export function FieldError({ id, className, children }: FieldTextProps) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn("flex items-start gap-1.5 text-sm text-red-600", className)}>
      <CircleAlert aria-hidden className="mt-[0.3em] size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function FieldHint({ id, className, children }: FieldTextProps) {
  if (!children) return null;
  return (
    <p id={id} className={cn("text-xs text-zinc-500", className)}>
      {children}
    </p>
  );
}
