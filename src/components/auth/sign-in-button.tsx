import { useAuthActions } from "@convex-dev/auth/react";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { Button, type ButtonSize } from "@/components/ui/button";

/** Starts Google sign-in (a redirect to Google and back). */
export function SignInButton({ size = "sm", className }: { size?: ButtonSize; className?: string }) {
  const { signIn } = useAuthActions();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      className={className}
      loading={busy}
      onClick={() => {
        setBusy(true);
        // Come back to the page the visitor was on.
        const redirectTo = window.location.pathname + window.location.search;
        signIn("google", { redirectTo }).catch(() => setBusy(false));
      }}
    >
      <LogIn aria-hidden className="max-sm:hidden" />
      ログイン
    </Button>
  );
}
