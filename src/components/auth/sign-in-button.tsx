import { LogIn } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button, type ButtonSize } from "@/components/ui/button";
import { useAuthActions } from "@/lib/auth-actions";

// Whether a sign-in is on its way to Google, for every button: a visitor's first sign-in mounts
// the app anew (src/app/providers.tsx), and the button must stay busy until the page is left.
let signingIn = false;
const listeners = new Set<() => void>();
const setSigningIn = (next: boolean) => {
  signingIn = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
// Back from Google's page, a browser may show this page as it was left (the back/forward cache):
// the sign-in is over then.
if (typeof window !== "undefined") {
  window.addEventListener("pageshow", (event) => event.persisted && setSigningIn(false));
}

/** Starts Google sign-in (a redirect to Google and back). */
export function SignInButton({ size = "sm", className }: { size?: ButtonSize; className?: string }) {
  const { signIn } = useAuthActions();
  const busy = useSyncExternalStore(
    subscribe,
    () => signingIn,
    () => false,
  );
  return (
    <Button
      size={size}
      className={className}
      loading={busy}
      onClick={() => {
        setSigningIn(true);
        // Come back to the page the visitor was on.
        const redirectTo = window.location.pathname + window.location.search;
        signIn("google", { redirectTo }).catch(() => setSigningIn(false));
      }}
    >
      <LogIn aria-hidden className="max-sm:hidden" />
      ログイン
    </Button>
  );
}
