import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { cn } from "@/lib/cn";
import { ToastContext, type ToastApi, type ToastInput, type ToastTone } from "./toast-context";

type ToastItem = Required<Pick<ToastInput, "title" | "tone" | "duration">> &
  Pick<ToastInput, "description"> & { id: number; open: boolean };

const DEFAULT_DURATION: Record<ToastTone, number> = { success: 4000, info: 5000, error: 8000 };
/** Enough for the exit animation before the closed toast leaves the list. */
const REMOVE_DELAY = 300;
/** Older toasts give way so a burst of messages cannot cover the page. */
const MAX_VISIBLE = 3;

const tones: Record<ToastTone, { icon: ReactNode; className: string }> = {
  success: { icon: <CircleCheck aria-hidden className="size-5 text-emerald-600" />, className: "border-emerald-200" },
  error: { icon: <CircleX aria-hidden className="size-5 text-red-600" />, className: "border-red-200" },
  info: { icon: <Info aria-hidden className="size-5 text-brand-600" />, className: "border-brand-200" },
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const close = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), REMOVE_DELAY);
  }, []);

  const show = useCallback((input: ToastInput) => {
    const tone = input.tone ?? "info";
    const item: ToastItem = {
      id: nextId.current++,
      title: input.title,
      description: input.description,
      tone,
      duration: input.duration ?? DEFAULT_DURATION[tone],
      open: true,
    };
    setToasts((list) => [...list.filter((t) => t.open).slice(-(MAX_VISIBLE - 1)), item]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (title, description) => show({ title, description, tone: "success" }),
      error: (title, description) => show({ title, description, tone: "error" }),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider label="通知" swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <ToastPrimitive.Root
            key={toast.id}
            open={toast.open}
            onOpenChange={(open) => !open && close(toast.id)}
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
                <ToastPrimitive.Description className="text-sm text-zinc-600">
                  {toast.description}
                </ToastPrimitive.Description>
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
        <ToastPrimitive.Viewport label="通知 ({hotkey})" className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
