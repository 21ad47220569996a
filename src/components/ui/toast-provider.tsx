import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode } from "react";
import { ToastContext, type ToastApi, type ToastInput, type ToastTone } from "./toast-context";

// Radix Toast and the toasts' markup load with the first toast; a failed download shows none
// rather than taking the app down.
const Toaster = lazy<ComponentType<ToasterProps>>(() => import("./toaster").catch(() => ({ default: () => null })));

export type ToastItem = Required<Pick<ToastInput, "title" | "tone" | "duration">> &
  Pick<ToastInput, "description"> & { id: number; open: boolean };

export type ToasterProps = { toasts: readonly ToastItem[]; onClose: (id: number) => void };

const DEFAULT_DURATION: Record<ToastTone, number> = { success: 4000, info: 5000, error: 8000 };
/** Enough for the exit animation before the closed toast leaves the list. */
const REMOVE_DELAY = 300;
/** Older toasts give way so a burst of messages cannot cover the page. */
const MAX_VISIBLE = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [shown, setShown] = useState(false);
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
    setShown(true);
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
      {children}
      {/* Mounted from the first toast on, and kept, so Radix can animate toasts out. */}
      {shown && (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
