import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { useViewer } from "@/lib/use-viewer";
import { setupSkipped } from "./setup-skip";

/**
 * New or incomplete users are sent to /profile/setup from anywhere (docs/product.md "App shell").
 */
export function ProfileSetupRedirect() {
  const { status, viewer } = useViewer();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // スキップ on setup's first step postpones it for this session (setup-skip.ts).
  const mustSetUp = status === "signedIn" && !viewer.profileCompleted && pathname !== paths.profileSetup() && !setupSkipped(viewer._id);
  useEffect(() => {
    if (mustSetUp) void navigate(paths.profileSetup(), { replace: true });
  }, [mustSetUp, navigate]);
  return null;
}
