import { ConvexAuthProvider } from "@convex-dev/auth/react";
import type { ConvexReactClient } from "convex/react";
import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast-provider";

/**
 * App-wide context, outermost first: the Convex client with Convex Auth (Google), then toasts.
 */
export function AppProviders({ convex, children }: { convex: ConvexReactClient; children: ReactNode }) {
  return (
    <ConvexAuthProvider client={convex}>
      <ToastProvider>{children}</ToastProvider>
    </ConvexAuthProvider>
  );
}
