import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import { DEFAULT_PLACEHOLDER, selectTriggerClassName, type SelectProps } from "./select";

/** The Radix listbox behind Select, loaded when a Select is first opened. */
export function SelectListbox({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = DEFAULT_PLACEHOLDER,
  disabled,
  name,
  className,
  defaultOpen,
  ...triggerProps
}: SelectProps & { defaultOpen: boolean }) {
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      defaultOpen={defaultOpen}
    >
      <SelectPrimitive.Trigger className={selectTriggerClassName(className)} {...triggerProps}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden className="size-4 text-zinc-500" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg shadow-zinc-900/10 data-[state=open]:animate-slide-down"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex h-9 cursor-pointer select-none items-center rounded-lg pr-3 pl-8 text-sm text-zinc-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[disabled]:opacity-50"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2.5 inline-flex">
                  <Check aria-hidden className="size-4 text-brand-600" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
