import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";

export type Viewer = NonNullable<ReturnType<typeof useViewerQuery>>;

function useViewerQuery(enabled: boolean) {
  return useQuery(api.users.viewer, enabled ? {} : "skip");
}

/**
 * Who is signed in. "loading" while the session or the profile is being read, so callers
 * never flash a signed-out state for a signed-in user.
 */
export function useViewer():
  { status: "loading"; viewer: undefined } | { status: "signedOut"; viewer: null } | { status: "signedIn"; viewer: Viewer } {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const viewer = useViewerQuery(isAuthenticated);
  if (isLoading || (isAuthenticated && viewer === undefined)) return { status: "loading", viewer: undefined };
  if (!isAuthenticated || !viewer) return { status: "signedOut", viewer: null };
  return { status: "signedIn", viewer };
}
