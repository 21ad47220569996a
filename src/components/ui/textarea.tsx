import { useId, useState, type ChangeEvent, type TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { fieldClassName } from "./input";

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  /**
   * Shows a "12/200" counter. It does not cut the text (unlike maxLength), so the form can show
   * its own message when the limit is passed.
   */
  maxCount?: number;
};

// Counts what a person sees as characters (an emoji is one), not UTF-16 units.
const countCharacters = (text: string) => Array.from(text).length;

export function Textarea({
  maxCount,
  className,
  value,
  defaultValue,
  onChange,
  rows = 4,
  "aria-describedby": describedBy,
  ...props
}: TextareaProps) {
  const counterId = useId();
  // Uncontrolled textareas still need a live count, so mirror their length.
  const [uncontrolledLength, setUncontrolledLength] = useState(() =>
    countCharacters(String(defaultValue ?? "")),
  );
  const length = value !== undefined ? countCharacters(String(value)) : uncontrolledLength;
  const over = maxCount !== undefined && length > maxCount;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolledLength(countCharacters(event.target.value));
    onChange?.(event);
  };

  const textarea = (
    <textarea
      rows={rows}
      value={value}
      defaultValue={defaultValue}
      onChange={handleChange}
      aria-describedby={cn(describedBy, maxCount !== undefined && counterId) || undefined}
      className={cn(fieldClassName, "min-h-24 resize-y py-2.5 leading-relaxed", className)}
      {...props}
    />
  );
  if (maxCount === undefined) return textarea;

  return (
    <div className="flex flex-col gap-1">
      {textarea}
      <p
        id={counterId}
        className={cn("self-end text-xs tabular-nums", over ? "font-semibold text-red-600" : "text-zinc-500")}
      >
        {length}/{maxCount}
      </p>
    </div>
  );
}
