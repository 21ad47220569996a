import { lazy, Suspense } from "react";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Skeleton } from "@/components/ui/skeleton";
import { useViewer } from "@/lib/use-viewer";

// The menu (Radix Dropdown Menu) loads only for signed-in users.
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

const loading = <Skeleton shape="circle" className="size-8" aria-label="読み込み中" />;

/** Right side of the header: ログイン when signed out, the user menu when signed in. */
export function HeaderAccount() {
  const { status, viewer } = useViewer();
  if (status === "loading") return loading;
  if (status === "signedOut") return <SignInButton />;
  return (
    <Suspense fallback={loading}>
      <UserMenu viewer={viewer} />
    </Suspense>
  );
}
