import { useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/cn";
import { fieldClassName } from "./input";

export type SelectOption = { value: string; label: string };

export type SelectProps = {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Pair with <Label htmlFor={id}>: the trigger is a button, so the label names it. */
  id?: string;
  name?: string;
  "aria-label"?: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className?: string;
};

export const DEFAULT_PLACEHOLDER = "選択してください";

export const selectTriggerClassName = (className?: string) =>
  cn(fieldClassName, "flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-zinc-500 sm:h-10", className);

type Listbox = ComponentType<SelectProps & { defaultOpen: boolean }>;

let listboxLoad: Promise<Listbox> | undefined;
/** Radix Select, downloaded once for every Select (a failed download is tried again next time). */
function loadListbox(): Promise<Listbox> {
  listboxLoad ??= import("./select-listbox").then(
    (m) => m.SelectListbox,
    (error: unknown) => {
      listboxLoad = undefined;
      throw error;
    },
  );
  return listboxLoad;
}
const preload = () => void loadListbox().catch(() => undefined);

/** The keys that open a closed Radix Select trigger. */
const OPEN_KEYS = [" ", "Enter", "ArrowUp", "ArrowDown"];

/**
 * A styled listbox. Options are data, so callers cannot forget item text or indicators.
 *
 * Until first opened it is a button that looks and is announced like the closed Radix trigger;
 * opening it (mouse down, tap, Enter, Space or an arrow key, as Radix does) downloads Radix
 * Select, which replaces the button, opened. Hovering or focusing it starts the download early.
 */
export function Select(props: SelectProps) {
  const [listbox, setListbox] = useState<Listbox | null>(null);
  // As in Radix: a click opens unless a mouse press on the trigger already did.
  const pointerType = useRef("touch");
  if (listbox) {
    const RadixSelect = listbox;
    return <RadixSelect {...props} defaultOpen />;
  }

  const {
    options,
    value,
    defaultValue,
    placeholder = DEFAULT_PLACEHOLDER,
    disabled,
    name,
    className,
    onValueChange: _onValueChange,
    ...triggerProps
  } = props;
  const current = value ?? defaultValue;
  const showPlaceholder = current === undefined || current === "";
  const open = () => {
    loadListbox().then(
      (loaded) => setListbox(() => loaded),
      () => undefined,
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPEN_KEYS.includes(event.key)) return;
    event.preventDefault();
    open();
  };

  return (
    <>
      <button
        type="button"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="none"
        data-state="closed"
        data-placeholder={showPlaceholder ? "" : undefined}
        data-disabled={disabled ? "" : undefined}
        disabled={disabled}
        className={selectTriggerClassName(className)}
        onPointerEnter={preload}
        onFocus={preload}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
          if (event.button === 0 && !event.ctrlKey && event.pointerType === "mouse") {
            event.preventDefault();
            open();
          }
        }}
        onClick={() => {
          if (pointerType.current !== "mouse") open();
        }}
        onKeyDown={onKeyDown}
        {...triggerProps}
      >
        <span style={{ pointerEvents: "none" }}>
          {showPlaceholder ? placeholder : options.find((option) => option.value === current)?.label}
        </span>
        <span aria-hidden>
          <ChevronDown aria-hidden className="size-4 text-zinc-500" />
        </span>
      </button>
      {name && <input type="hidden" name={name} value={current ?? ""} />}
    </>
  );
}
