import { useId, useState, type ChangeEvent, type TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { CharacterCount } from "./character-count";
import { fieldClassName } from "./input";

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  /**
   * Shows a "12/200" counter. It does not cut the text (unlike maxLength), so the form can show
   * its own message when the limit is passed.
   */
  maxCount?: number;
};

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
  // Uncontrolled textareas still need a live count, so mirror their text.
  const [uncontrolledText, setUncontrolledText] = useState(() => String(defaultValue ?? ""));
  const text = value !== undefined ? String(value) : uncontrolledText;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolledText(event.target.value);
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
      <CharacterCount id={counterId} text={text} max={maxCount} />
    </div>
  );
}
