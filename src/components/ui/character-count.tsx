import { charCount } from "../../../convex/model/profileRules";
import { cn } from "@/lib/cn";

export { charCount };

type CharacterCountProps = { id: string; text: string; max: number; className?: string };

/**
 * "12/100" under a field, counted as the server counts (an emoji is one character). Red once
 * past the limit: fields never cut the text, so the form can say what is too long.
 */
export function CharacterCount({ id, text, max, className }: CharacterCountProps) {
  const length = charCount(text);
  return (
    <p id={id} className={cn("self-end text-xs tabular-nums", length > max ? "font-semibold text-red-600" : "text-zinc-500", className)}>
      {length}/{max}
    </p>
  );
}

/** A field's message while its text is past the limit, so it shows as one types, not on 次へ. */
export function tooLongWhileTyping(text: string, max: number, message: string): string | undefined {
  return charCount(text) > max ? message : undefined;
}
