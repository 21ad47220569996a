import { X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";

type TagInputProps = {
  id?: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Refused additions: the list is full, or the entry is already there. */
  onReject?: (reason: "limit" | "duplicate") => void;
  maxItems?: number;
  placeholder?: string;
  /** Shown before each chip, e.g. "#" for tags. */
  chipPrefix?: string;
  /** Names the list and each remove button ("タグ" → "タグ React を削除"). */
  itemLabel: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  disabled?: boolean;
};

const key = (text: string) => text.normalize("NFKC").toLowerCase();
/** "#react" typed into a list shown with "#" is "react". */
function withoutPrefix(text: string, prefix: string): string {
  let rest = text;
  while (prefix && rest.startsWith(prefix)) rest = rest.slice(prefix.length);
  return rest;
}

/** Enter, a comma or the Japanese 、 ends an entry. */
const SEPARATORS = /[,、，]/;

/**
 * Free tags as chips. Typing Enter or a comma adds the entry (never in the middle of Japanese
 * IME conversion), Backspace in the empty box removes the last one, and leaving the box keeps
 * what was typed. Blank entries are ignored and duplicates (any case or width) are not added.
 */
export function TagInput({
  id,
  value,
  onChange,
  onReject,
  maxItems,
  placeholder,
  chipPrefix = "",
  itemLabel,
  disabled,
  ...aria
}: TagInputProps) {
  const [draft, setDraft] = useState("");

  const add = (raw: string) => {
    const entries = raw
      .split(SEPARATORS)
      .map((entry) => withoutPrefix(entry.trim(), chipPrefix).trim())
      .filter(Boolean);
    if (entries.length === 0) return;
    const next = [...value];
    let rejected: "limit" | "duplicate" | undefined;
    for (const entry of entries) {
      if (next.some((existing) => key(existing) === key(entry))) {
        rejected = "duplicate";
      } else if (maxItems !== undefined && next.length >= maxItems) {
        rejected = "limit";
        break;
      } else {
        next.push(entry);
      }
    }
    // The change first: users clear a field's message when its value changes, and a paste of
    // too many entries must end with the limit message showing.
    if (next.length !== value.length) onChange(next);
    if (rejected) onReject?.(rejected);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter confirms the kana→kanji conversion while composing; it must not add a half word.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === "Enter") {
      event.preventDefault();
      add(draft);
      setDraft("");
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        "flex min-h-11 w-full flex-wrap items-center gap-1.5 rounded-xl border border-zinc-300 bg-white px-2 py-1.5 shadow-xs sm:min-h-10",
        "transition-[border-color,box-shadow] duration-150 focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-500/15",
        aria["aria-invalid"] && "border-red-500 focus-within:ring-red-500/15",
        disabled && "bg-zinc-100",
      )}
    >
      {value.length > 0 && (
        <ul aria-label={itemLabel} className="contents">
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex max-w-full items-center gap-1 rounded-lg bg-zinc-100 py-1 pr-1 pl-2.5 text-sm text-zinc-800"
            >
              <span className="truncate">
                {chipPrefix}
                {item}
              </span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other !== item))}
                aria-label={`${itemLabel} ${item} を削除`}
                className="inline-flex size-5 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        value={draft}
        disabled={disabled}
        placeholder={value.length === 0 ? placeholder : undefined}
        onChange={(event) => {
          const text = event.target.value;
          // A typed or pasted separator ends the entries before it (not while the IME composes).
          const composing = (event.nativeEvent as InputEvent).isComposing;
          if (!composing && SEPARATORS.test(text)) {
            const parts = text.split(SEPARATORS);
            add(parts.slice(0, -1).join(","));
            setDraft(parts.at(-1) ?? "");
          } else {
            setDraft(text);
          }
        }}
        onKeyDown={onKeyDown}
        onPaste={(event) => {
          // A pasted list ("a, b, c" or one per line) is added whole, its last entry included,
          // so pasting more than the limit says so at once.
          const pasted = event.clipboardData.getData("text");
          if (!SEPARATORS.test(pasted) && !/[\r\n]/.test(pasted)) return;
          event.preventDefault();
          add(`${draft}${pasted}`.replace(/[\r\n]+/g, ","));
          setDraft("");
        }}
        onBlur={() => {
          add(draft);
          setDraft("");
        }}
        enterKeyHint="enter"
        className="h-8 min-w-32 flex-1 bg-transparent px-1.5 text-base text-zinc-900 outline-none placeholder:text-zinc-400 sm:text-sm"
        {...aria}
      />
    </div>
  );
}
