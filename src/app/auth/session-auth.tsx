// Loaded on its own (providers.tsx): Convex Auth's client, which a visitor without a session does
// not download until they sign in.
import { ConvexAuthProvider, useAuthActions as useLibraryAuthActions } from "@convex-dev/auth/react";
import type { ConvexReactClient } from "convex/react";
import { useEffect, type ReactNode } from "react";
import { AuthActionsContext } from "@/lib/auth-actions";
import type { PendingSignIn } from "./pending-sign-in";

/** Convex Auth (tokens in localStorage, the OAuth code on return), its actions for useAuthActions. */
export function SessionAuthProvider({
  client,
  pendingSignIn,
  children,
}: {
  client: ConvexReactClient;
  /** A visitor's sign-in that loaded this module: it goes on once Convex Auth is mounted. */
  pendingSignIn: PendingSignIn | null;
  children: ReactNode;
}) {
  return (
    <ConvexAuthProvider client={client}>
      <LibraryActions pendingSignIn={pendingSignIn}>{children}</LibraryActions>
    </ConvexAuthProvider>
  );
}

function LibraryActions({ pendingSignIn, children }: { pendingSignIn: PendingSignIn | null; children: ReactNode }) {
  const actions = useLibraryAuthActions();
  useEffect(() => {
    pendingSignIn?.continueWith(actions.signIn);
  }, [pendingSignIn, actions]);
  return <AuthActionsContext.Provider value={actions}>{children}</AuthActionsContext.Provider>;
}
