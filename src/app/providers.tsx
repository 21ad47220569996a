import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast-provider";

/**
 * App-wide context. The Convex client and auth providers join here later, outermost, so
 * everything below (toasts included) can use them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
