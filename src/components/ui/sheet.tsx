import type { ComponentPropsWithoutRef, ReactNode } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";
import { overlayClassName } from "./dialog";

// A dialog that slides in from the side: the mobile menu. Same focus handling as Dialog.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

type SheetContentProps = Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  /** Shown to screen readers only; a sheet's title is usually enough visually. */
  srDescription?: string;
};

export function SheetContent({ title, srDescription, className, children, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        {...(srDescription ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white shadow-2xl focus:outline-none",
          "data-[state=open]:animate-slide-in-right data-[state=closed]:animate-fade-out",
          className,
        )}
        {...props}
      >
        <div className="flex h-16 items-center justify-between border-b border-zinc-100 px-5">
          <DialogPrimitive.Title className="text-base font-bold text-zinc-900">{title}</DialogPrimitive.Title>
          {srDescription && <DialogPrimitive.Description className="sr-only">{srDescription}</DialogPrimitive.Description>}
          <DialogPrimitive.Close
            aria-label="閉じる"
            className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
