import { useId, type InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { CharacterCount } from "./character-count";
import { Input } from "./input";

type CountedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  maxCount: number;
};

/** A one-line field with a "12/100" counter, like Textarea's (it never cuts the text). */
export function CountedInput({ value, onChange, maxCount, "aria-describedby": describedBy, ...props }: CountedInputProps) {
  const counterId = useId();
  return (
    <div className="flex flex-col gap-1">
      <Input {...props} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={cn(describedBy, counterId)} />
      <CharacterCount id={counterId} text={value} max={maxCount} />
    </div>
  );
}
