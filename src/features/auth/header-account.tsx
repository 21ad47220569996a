import { Skeleton } from "@/components/ui/skeleton";
import { SignInButton } from "./sign-in-button";
import { UserMenu } from "./user-menu";
import { useViewer } from "./use-viewer";

/** Right side of the header: ログイン when signed out, the user menu when signed in. */
export function HeaderAccount() {
  const { status, viewer } = useViewer();
  if (status === "loading") return <Skeleton shape="circle" className="size-8" aria-label="読み込み中" />;
  if (status === "signedOut") return <SignInButton />;
  return <UserMenu viewer={viewer} />;
}
