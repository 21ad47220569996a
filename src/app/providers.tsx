import { ConvexProvider, type ConvexReactClient } from "convex/react";
import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast-provider";

/**
 * App-wide context, outermost first: the Convex client (auth joins it later), then toasts.
 */
export function AppProviders({ convex, children }: { convex: ConvexReactClient; children: ReactNode }) {
  return (
    <ConvexProvider client={convex}>
      <ToastProvider>{children}</ToastProvider>
    </ConvexProvider>
  );
}
