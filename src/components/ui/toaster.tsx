import type { ReactNode } from "react";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { cn } from "@/lib/cn";
import type { ToasterProps } from "./toast-provider";
import type { ToastTone } from "./toast-context";

const tones: Record<ToastTone, { icon: ReactNode; className: string }> = {
  success: { icon: <CircleCheck aria-hidden className="size-5 text-emerald-600" />, className: "border-emerald-200" },
  error: { icon: <CircleX aria-hidden className="size-5 text-red-600" />, className: "border-red-200" },
  info: { icon: <Info aria-hidden className="size-5 text-brand-600" />, className: "border-brand-200" },
};

/**
 * The toasts on screen (Radix Toast). Loaded by ToastProvider when the first toast is shown, so
 * visitors who never see one never download it.
 */
export default function Toaster({ toasts, onClose }: ToasterProps) {
  return (
    <ToastPrimitive.Provider label="通知" swipeDirection="right">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => !open && onClose(toast.id)}
          duration={toast.duration}
          // Errors interrupt the screen reader; confirmations wait politely.
          type={toast.tone === "error" ? "foreground" : "background"}
          className={cn(
            "pointer-events-auto flex w-full items-start gap-3 rounded-2xl border bg-white p-4 shadow-lg shadow-zinc-900/10",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out",
            "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-fade-out",
            tones[toast.tone].className,
          )}
        >
          <span className="mt-px">{tones[toast.tone].icon}</span>
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <ToastPrimitive.Title className="text-sm font-semibold text-zinc-900">{toast.title}</ToastPrimitive.Title>
            {toast.description && (
              <ToastPrimitive.Description className="text-sm text-zinc-600">{toast.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="閉じる"
            className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="通知 ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
