import type { ComponentPropsWithoutRef, ReactNode } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";

// Radix supplies focus trapping, Escape/outside-click closing and focus return to the trigger.
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClassName =
  "fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out";

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

type DialogContentProps = Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** Hide the corner × when the dialog must be answered with its own buttons. */
  hideCloseButton?: boolean;
};

export function DialogContent({
  title,
  description,
  size = "md",
  hideCloseButton = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        // Without a description Radix warns unless aria-describedby is explicitly cleared.
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
          "overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl shadow-zinc-950/20 focus:outline-none",
          "data-[state=open]:animate-zoom-in data-[state=closed]:animate-fade-out",
          widths[size],
          className,
        )}
        {...props}
      >
        <div className="flex flex-col gap-1.5 pr-8">
          <DialogPrimitive.Title className="text-lg font-bold text-zinc-900">{title}</DialogPrimitive.Title>
          {description && <DialogPrimitive.Description className="text-sm text-zinc-600">{description}</DialogPrimitive.Description>}
        </div>
        {children && <div className="mt-4">{children}</div>}
        {!hideCloseButton && (
          <DialogPrimitive.Close
            aria-label="閉じる"
            className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <X aria-hidden className="size-4.5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("flex flex-col-reverse gap-2 not-first:mt-6 sm:flex-row sm:justify-end", className)}>{children}</div>;
}
