import { ConvexProviderWithAuth, type ConvexReactClient } from "convex/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast-provider";
import { AuthActionsContext, type AuthActions } from "@/lib/auth-actions";
import { useHydrated } from "@/lib/use-hydrated";
import { pendingSignIn, type PendingSignIn } from "./auth/pending-sign-in";
import { CONVEX_AUTH_STORAGE_PREFIX } from "./auth/session-presence";

export type SessionAuthModule = typeof import("./auth/session-auth");

/** Convex Auth's client (about 4.4 kB gzipped): fetched when a session exists or the visitor signs in. */
export const loadSessionAuth = (): Promise<SessionAuthModule> => import("./auth/session-auth");

const noToken = () => Promise.resolve(null);
const SIGNED_OUT = { isLoading: false, isAuthenticated: false, fetchAccessToken: noToken };
// As Convex Auth's own first render: the prerendered HTML shows the session as not yet known, and
// hydration must render the same.
const NOT_YET_KNOWN = { ...SIGNED_OUT, isLoading: true };
const useVisitorAuth = () => (useHydrated() ? SIGNED_OUT : NOT_YET_KNOWN);

/**
 * App-wide context, outermost first: the Convex client with its auth, then toasts.
 *
 * Most people who open a page are visitors with no session, and for them Convex Auth's client is
 * weight before the first paint that does nothing. So a browser holding no session
 * (auth/session-presence.ts) starts with a signed-out provider, and Convex Auth's client (with
 * `sessionAuth` loaded) takes over when the visitor signs in, or signs in in another tab. The tree
 * below is mounted anew then, just before Google's page replaces it.
 */
export function AppProviders({
  convex,
  sessionAuth = null,
  children,
}: {
  convex: ConvexReactClient;
  /** Convex Auth's client, already loaded because this browser holds a session. */
  sessionAuth?: SessionAuthModule | null;
  children: ReactNode;
}) {
  const [session, setSession] = useState<{ auth: SessionAuthModule; pending: PendingSignIn | null } | null>(() =>
    sessionAuth ? { auth: sessionAuth, pending: null } : null,
  );
  const visitorActions = useMemo<AuthActions>(
    () => ({
      signIn: (...args) => {
        const pending = pendingSignIn(...args);
        loadSessionAuth().then((auth) => setSession({ auth, pending }), pending.fail);
        return pending.promise;
      },
      // A visitor has no session to end.
      signOut: () => Promise.resolve(),
    }),
    [],
  );
  const visitor = session === null;
  useEffect(() => {
    if (!visitor) return;
    const followOtherTab = (event: StorageEvent) => {
      if (!event.key?.startsWith(CONVEX_AUTH_STORAGE_PREFIX) || event.newValue === null) return;
      void loadSessionAuth().then((auth) => setSession((current) => current ?? { auth, pending: null }));
    };
    window.addEventListener("storage", followOtherTab);
    return () => window.removeEventListener("storage", followOtherTab);
  }, [visitor]);

  const app = <ToastProvider>{children}</ToastProvider>;
  if (session) {
    const { SessionAuthProvider } = session.auth;
    return (
      <SessionAuthProvider client={convex} pendingSignIn={session.pending}>
        {app}
      </SessionAuthProvider>
    );
  }
  return (
    <ConvexProviderWithAuth client={convex} useAuth={useVisitorAuth}>
      <AuthActionsContext.Provider value={visitorActions}>{app}</AuthActionsContext.Provider>
    </ConvexProviderWithAuth>
  );
}
