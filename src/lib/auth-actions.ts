import type { useAuthActions as useLibraryAuthActions } from "@convex-dev/auth/react";
import { createContext, useContext } from "react";

/** Convex Auth's sign-in and sign-out, whichever of the app's two auth providers is mounted. */
export type AuthActions = ReturnType<typeof useLibraryAuthActions>;

const outsideProvider = () => Promise.reject(new Error("No auth provider: render inside <AppProviders> (src/app/providers.tsx)"));

export const AuthActionsContext = createContext<AuthActions>({ signIn: outsideProvider, signOut: outsideProvider });

/**
 * Sign-in and sign-out. Use this, not `@convex-dev/auth/react`'s hook: a visitor with no session
 * runs without Convex Auth's client until they sign in (src/app/auth/), and this works in both.
 */
export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext);
}
